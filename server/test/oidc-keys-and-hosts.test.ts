import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';
import { eventually, registerAccount, visitor } from './support/accounts.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects } from './support/databases.ts';
import { authorizationRequest, browse, discover, registerClient } from './support/oidc-app.ts';
import { startBehindProxy, startTestApp, type TestApp } from './support/test-app.ts';

const kids = async (t: TestApp) => {
  const answer = await fetch(`${t.url}/oidc/jwks`);
  return ((await answer.json()) as { keys: Array<{ kid: string; d?: string }> }).keys;
};

/**
 * Waits until the instance publishes these keys in this order (the signing one first): an
 * instance reads the keys' version at most once a second (decision 057), so a change the CLI
 * made reaches it within seconds, not necessarily at the very next request.
 */
const publishes = (t: TestApp, expected: string[]) =>
  eventually(
    async () => {
      const published = (await kids(t)).map((key) => key.kid);
      return published.join() === expected.join() ? published : undefined;
    },
    `${t.url} to publish ${expected.join(', ')}`,
  );

for (const dialect of await dialects('persistence')) {
  describe(`the OpenID provider's keys and issuers (${dialect})`, () => {
    let first: TestApp;
    let second: TestApp;
    before(async () => {
      first = await startTestApp({ dialect });
      second = await startTestApp({ databaseUrl: first.databaseUrl, smtp: first.smtp });
    });
    after(async () => {
      await second.stop();
      await first.stop();
    });

    /** An ID token from the instance, for a new person signed in there. */
    async function idTokenKid(t: TestApp, app: Awaited<ReturnType<typeof registerClient>>) {
      const config = await discover(t, app);
      const browser = visitor(t);
      await registerAccount(t, browser, `keys-${Date.now()}-${Math.random()}@example.com`, 'correct horse battery');
      const request = await authorizationRequest(config, app.redirectUri);
      const landed = await browse(browser, request.url, app.redirectUri);
      const tokens = await oidc.authorizationCodeGrant(config, landed.url, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
      });
      return decodeProtectedHeader(tokens.id_token ?? '').kid;
    }

    it('rotates the signing key with the CLI on every instance of one database, without a restart', async () => {
      const app = await registerClient(first);
      const [initial] = await kids(first);
      assert.ok(initial && !initial.d, 'a public key, never the private part');
      assert.deepEqual(
        (await kids(second)).map((key) => key.kid),
        [initial.kid],
      );

      const staged = await runAdmin(['oidc-key', 'stage', '--json'], first.databaseUrl);
      assert.equal(staged.code, 0, staged.stderr);
      const next = JSON.parse(staged.stdout).staged as string;
      // Published on both instances within seconds (decision 057), before it signs anything.
      for (const t of [first, second]) await publishes(t, [initial.kid, next]);
      assert.equal(await idTokenKid(second, app), initial.kid);

      assert.equal((await runAdmin(['oidc-key', 'activate'], first.databaseUrl)).code, 0);
      for (const t of [first, second]) await publishes(t, [next, initial.kid]);
      assert.equal(await idTokenKid(second, app), next);
      assert.equal(await idTokenKid(first, app), next);
      assert.deepEqual(
        (await kids(first)).map((key) => key.kid),
        [next, initial.kid],
      );

      assert.equal((await runAdmin(['oidc-key', 'retire'], first.databaseUrl)).code, 0);
      for (const t of [first, second]) await publishes(t, [next]);
      assert.deepEqual(
        (await kids(second)).map((key) => key.kid),
        [next],
      );
    });

    it('refuses to activate without a staged key, and a client without a redirect URI', async () => {
      const activate = await runAdmin(['oidc-key', 'activate'], first.databaseUrl);
      assert.equal(activate.code, 2);
      assert.match(activate.stderr, /no staged key/);
      const client = await runAdmin(['client', 'create', '--name', 'No redirect'], first.databaseUrl);
      assert.equal(client.code, 2);
      assert.match(client.stderr, /--redirect-uri is required/);
    });

    it('lists clients without their secrets and rotates a secret: the old one stops working', async () => {
      const app = await registerClient(first);
      const listed = await runAdmin(['client', 'list', '--json'], first.databaseUrl);
      assert.ok(listed.stdout.includes(app.clientId));
      assert.ok(!listed.stdout.includes(app.clientSecret));
      const rotated = await runAdmin(['client', 'rotate-secret', app.clientId, '--json'], first.databaseUrl);
      assert.equal(rotated.code, 0, rotated.stderr);
      const { clientSecret } = JSON.parse(rotated.stdout) as { clientSecret: string };
      assert.notEqual(clientSecret, app.clientSecret);
      const withOld = await fetch(`${first.url}/oidc/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) }),
      });
      assert.equal(withOld.status, 401);
      assert.equal(((await withOld.json()) as { error: string }).error, 'invalid_client');
    });

    it('answers discovery and JWKS from memory exactly as the library does itself', async () => {
      // A cross-origin request (Origin set) is still the library's own answer.
      for (const path of ['/.well-known/openid-configuration', '/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
        const [stored, library] = await Promise.all([
          fetch(`${first.url}${path}`),
          fetch(`${first.url}${path}`, { headers: { origin: 'https://app.example' } }),
        ]);
        assert.equal(stored.status, 200, path);
        assert.equal(library.status, 200, path);
        assert.equal(stored.headers.get('content-type'), library.headers.get('content-type'), path);
        assert.equal(await stored.text(), await library.text(), path);
        assert.equal(library.headers.get('access-control-allow-origin'), 'https://app.example');
      }
    });

    it('ignores X-Forwarded-* from a client that is not a trusted proxy', async () => {
      const answer = await fetch(`${first.url}/.well-known/openid-configuration`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      const metadata = (await answer.json()) as { issuer: string; token_endpoint: string };
      assert.equal(metadata.issuer, first.url);
      assert.equal(metadata.token_endpoint, `${first.url}/oidc/token`);
    });
  });
}

describe('the OpenID provider behind a trusted proxy, for each white-label host', () => {
  let t: TestApp;
  before(async () => (t = await startBehindProxy({ env: { PUBLIC_URL: 'https://portal.example.test' } })));
  after(() => t.stop());
  const discovery = (host: string) =>
    fetch(`${t.url}/.well-known/openid-configuration`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': host } });

  it('serves every endpoint on https, with the public origin as issuer', async () => {
    const metadata = (await (await discovery('portal.example.test')).json()) as Record<string, string>;
    assert.equal(metadata.issuer, 'https://portal.example.test');
    for (const name of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri', 'revocation_endpoint']) {
      assert.ok(metadata[name]?.startsWith('https://portal.example.test/oidc/'), `${name}: ${metadata[name]}`);
    }
  });

  it('is its own issuer on a brand host, and not on a host Gatehouse does not serve', async () => {
    assert.equal((await discovery('monitoring.brand.test')).status, 404);
    const brand = await runAdmin(['brand', 'set', '--host', 'monitoring.brand.test', '--name', 'Brand'], t.databaseUrl);
    assert.equal(brand.code, 0, brand.stderr);
    const metadata = (await (await discovery('monitoring.brand.test')).json()) as Record<string, string>;
    assert.equal(metadata.issuer, 'https://monitoring.brand.test');
    assert.equal(metadata.token_endpoint, 'https://monitoring.brand.test/oidc/token');
  });
});

describe("the hand-off to the brand's dashboard", () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.stop());

  it('sends Finish and Back to dashboard to the dashboard app’s initiate-login URI, with the issuer', async () => {
    const host = 'portal.brand.test';
    const brand = await runAdmin(
      ['brand', 'set', '--host', host, '--name', 'Brand', '--dashboard', 'https://app.brand.test/'],
      t.databaseUrl,
    );
    assert.equal(brand.code, 0, brand.stderr);
    const before = await t.client().get(`/white-label?host=${host}`);
    assert.equal(before.json.data.dashboardUrl, 'https://app.brand.test/');

    const client = await runAdmin(
      [
        'client',
        'create',
        '--name',
        'Dashboard',
        '--host',
        host,
        '--redirect-uri',
        'https://app.brand.test/callback',
        '--initiate-login-uri',
        'https://app.brand.test/login',
      ],
      t.databaseUrl,
    );
    assert.equal(client.code, 0, client.stderr);
    const after = await t.client().get(`/white-label?host=${host}`);
    assert.equal(after.json.data.dashboardUrl, `https://app.brand.test/login?iss=${encodeURIComponent(`https://${host}`)}`);
    // Another host's brand keeps its plain dashboard link.
    const other = await t.client().get('/white-label?host=elsewhere.test');
    assert.equal(other.json.data.dashboardUrl, null);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';
import { registerAccount, visitor } from './support/accounts.ts';
import { spawnServer } from './support/server-process.ts';
import { linkIn } from './support/smtp.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Issue 33, points 3 and 6: the operator's first start and first curl, and the way to support
// that a person locked out of two-factor is always offered.

describe('the start line and discovery on a host that is not the issuer', () => {
  it('names PUBLIC_URL once at start, and answers discovery on 127.0.0.1 with the issuer to use', async () => {
    const server = await spawnServer({ LOG_LEVEL: 'info' });
    try {
      const publicUrl = server.url.replace('127.0.0.1', 'localhost');
      const lines = server.stdout().split('\n').filter(Boolean);
      // The admin listener's own line names the operators' addresses, the console's and the API's
      // (decisions 059 and 062); every other line, the product's once.
      const admin = lines.filter((line) =>
        /Operator console at http:\/\/127\.0\.0\.1:\d+\/console\/ and admin API at http:\/\/127\.0\.0\.1:\d+\/admin\/v1/.test(line),
      );
      assert.equal(admin.length, 1, lines.join('\n'));
      const urls = lines
        .filter((line) => !admin.includes(line))
        .flatMap((line) => [...line.matchAll(/https?:\/\/[^\s"),]+/g)].map((match) => match[0]));
      assert.deepEqual(urls, [publicUrl], lines.join('\n'));
      assert.ok(
        lines.some((line) => line.includes(`Gatehouse is running at ${publicUrl} (listening on 127.0.0.1:`)),
        lines.join('\n'),
      );

      const wrongHost = await fetch(`${server.url}/.well-known/openid-configuration`);
      assert.equal(wrongHost.status, 404);
      const body = (await wrongHost.json()) as { code: string; error: string };
      assert.equal(body.code, 'oidc.not_issuer');
      assert.equal(body.error, `This address is not an OpenID Connect issuer. Use ${publicUrl}`);
      const other = await fetch(`${server.url}/oidc/jwks`);
      assert.equal(((await other.json()) as { code: string }).code, 'oidc.not_issuer');

      const issuer = (await (await fetch(`${publicUrl}/.well-known/openid-configuration`)).json()) as { issuer: string };
      assert.equal(issuer.issuer, publicUrl);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});

describe('SUPPORT_CONTACT: where a person locked out turns', () => {
  it('takes an https:// page or an e-mail address, and names the variable of anything else', () => {
    assert.equal(
      loadConfig({ SUPPORT_CONTACT: 'https://help.example.com/locked-out' }).supportContact,
      'https://help.example.com/locked-out',
    );
    assert.equal(loadConfig({ SUPPORT_CONTACT: 'help@example.com' }).supportContact, 'mailto:help@example.com');
    assert.equal(loadConfig({}).supportContact, undefined);
    for (const wrong of ['http://help.example.com/', 'javascript:alert(1)', 'help at example.com']) {
      assert.throws(
        () => loadConfig({ SUPPORT_CONTACT: wrong }),
        (error: Error) => error instanceof ConfigError && error.message.includes('SUPPORT_CONTACT'),
        wrong,
      );
    }
  });

  /** The warnings of a start in production, with the given environment. */
  async function productionWarnings(env: Record<string, string>) {
    const lines: string[] = [];
    const t = await startTestApp({
      env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      appOptions: { logStream: { write: (line: string) => void lines.push(line) } },
    });
    const page = await t.app.inject({ method: 'GET', url: '/runtime-config.js' });
    await t.stop();
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
    return { warnings: warnings.map((line) => line.msg), script: page.body };
  }

  it('warns at a production start while it is unset, and hands it to the pages once set', async () => {
    const unset = await productionWarnings({});
    assert.ok(
      unset.warnings.some((message) => message.startsWith('SUPPORT_CONTACT is not set: a person locked out of two-factor')),
      unset.warnings.join('\n'),
    );
    assert.doesNotMatch(unset.script, /"support"/);

    const set = await productionWarnings({ SUPPORT_CONTACT: 'help@example.com' });
    assert.ok(!set.warnings.some((message) => message.startsWith('SUPPORT_CONTACT')), set.warnings.join('\n'));
    assert.match(set.script, /"support":"mailto:help@example.com"/);
  });
});

describe('after a password reset by link', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.stop());

  it('answers the address, so the sign-in screen that follows is filled in', async () => {
    const browser = visitor(t);
    const email = `reset-echo-${Date.now()}@example.com`;
    await registerAccount(t, browser, email, 'Before the reset 2026');
    assert.equal((await browser.post('/user/init-password-reset', { email })).status, 200);
    const mail = await t.smtp.waitFor(email, (sent) => sent.text.includes('/reset?token='));
    const token = linkIn(mail, `${t.url}/reset`).searchParams.get('token');
    const reset = await browser.post('/user/password-reset', { token, password: 'After the reset 2026' });
    assert.equal(reset.status, 200);
    assert.deepEqual(reset.json, { data: { email } });
  });
});

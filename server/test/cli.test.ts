import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sha256 } from '../src/lib/crypto.ts';
import { runAdmin, runAdminProcess } from './support/admin-cli.ts';
import { freshDatabase } from './support/databases.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const keyPattern = /^GH-[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;

describe('admin CLI', () => {
  let database: { url: string; drop: () => Promise<void> };
  const admin = (...args: string[]) => runAdmin(args, database.url);
  before(async () => {
    database = await freshDatabase('sqlite');
  });
  after(() => database.drop());

  it('creates, lists and revokes licenses', async () => {
    // The real entry point once, as an operator runs it; the rest in-process, the same code.
    const created = await runAdminProcess(['license', 'create', '--plan', 'pro', '--count', '2'], database.url);
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.lines.length, 2, 'one key a line on stdout, the chatter on stderr');
    for (const line of created.lines) assert.match(line, keyPattern);
    assert.match(created.lines.at(-1) ?? '', keyPattern);
    const [first = '', second = ''] = created.lines;

    const listed = await admin('license', 'list', '--json');
    assert.equal(listed.code, 0, listed.stderr);
    const rows: Array<{ key_suffix: string; plan: string; revoked_at: string | null; email: string | null }> = JSON.parse(listed.stdout);
    assert.deepEqual(rows.map((row) => row.key_suffix).sort(), [first.slice(-4), second.slice(-4)].sort());
    assert.ok(rows.every((row) => row.plan === 'pro' && row.revoked_at === null && row.email === null));
    assert.ok(!listed.stdout.includes(first), 'the list never shows a whole key again');

    const revoked = await admin('license', 'revoke', first.toLowerCase());
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, new RegExp(first.slice(-4)));
    const after: typeof rows = JSON.parse((await admin('license', 'list', '--json')).stdout);
    assert.ok(after.find((row) => row.key_suffix === first.slice(-4))?.revoked_at);
    assert.equal(after.find((row) => row.key_suffix === second.slice(-4))?.revoked_at, null);
    const twice = await admin('license', 'revoke', first);
    assert.equal(twice.code, 2);
    assert.match(twice.stderr, /no active license/);
  });

  it('refuses bad input with exit code 2 and a message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['license', 'create', '--plan', 'gold'], /--plan must be one of pro, business, enterprise, flexible/],
      [['license', 'create', '--plan', 'pro', '--count', '0'], /--count must be 1 to 1000/],
      [['brand', 'set', '--host', 'x.example.com', '--name', 'X', '--color', 'red'], /--color/],
      [['brand', 'set', '--host', 'x.example.com', '--name', 'X', '--language', 'xx'], /--language must be one of en, de/],
      [
        ['brand', 'set', '--host', 'x.example.com', '--name', 'X', '--support', 'javascript:alert(1)'],
        /--support must be an https:\/\/ URL/,
      ],
      [
        ['brand', 'set', '--host', 'x.example.com', '--name', 'X', '--dashboard', 'http://app.example.com/'],
        /--dashboard must be an https:\/\/ URL, or http:\/\/ on a loopback host/,
      ],
      [['account', 'show', 'missing@example.com'], /no account for missing@example.com/],
      [['frobnicate'], /unknown command/],
      [['license', 'create', '--bogus'], /Unknown option/],
    ];
    const results = await Promise.all(cases.map(([args]) => admin(...args)));
    for (const [i, result] of results.entries()) {
      const [args, message] = cases[i] ?? [[], /./];
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
    }
  });

  it('registers a panel and prints its apiKey alone on the last line, storing only its hash', async () => {
    const created = await admin('panel', 'create', '--name', 'P', '--platform', 'cpanel', '--origin', 'https://panel.example.com');
    assert.equal(created.code, 0, created.stderr);
    const apiKey = created.lines.at(-1) ?? '';
    assert.match(apiKey, /^ghp_[A-Za-z0-9_-]{43}$/);
    let t: TestApp | undefined;
    try {
      t = await startTestApp({ databaseUrl: database.url });
      const panel = await t.deps.db.selectFrom('panels').selectAll().executeTakeFirstOrThrow();
      assert.equal(panel.api_key_hash, sha256(apiKey));
      assert.deepEqual(JSON.parse(panel.origins), ['https://panel.example.com']);
      assert.ok(!JSON.stringify(panel).includes(apiKey));
    } finally {
      await t?.stop();
    }
  });

  it('sets a brand that the running server then shows', async () => {
    const set = await admin(
      'brand',
      'set',
      '--host',
      'Portal.Example.com',
      '--name',
      'Example Monitoring',
      '--color',
      '#112233',
      '--dashboard',
      'http://127.0.0.1:8091/',
    );
    assert.equal(set.code, 0, set.stderr);
    const t = await startTestApp({ databaseUrl: database.url, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const brand = await t.client().get('/white-label?host=portal.example.com');
      assert.equal(brand.status, 200);
      assert.equal(brand.json.data.brandName, 'Example Monitoring');
      assert.equal(brand.json.data.primaryColor, '#112233');
      assert.equal(brand.json.data.dashboardUrl, 'http://127.0.0.1:8091/', 'a dashboard on this machine, on plain http');
      assert.equal((await t.client().get('/white-label?host=other.example.com')).json.data.brandName, 'Gatehouse');

      // And a sign-up on that host is mailed under its brand.
      const signup = await t.client({ 'x-forwarded-host': 'portal.example.com' }).post('/user/signup', {
        email: 'branded@example.com',
        dataProcessingConsent: true,
      });
      assert.equal(signup.status, 200);
      const mail = await t.smtp.waitFor('branded@example.com');
      assert.equal(mail.subject, 'Confirm your email address for Example Monitoring');
      const shown = await admin('account', 'show', 'branded@example.com');
      assert.equal(shown.code, 0, shown.stderr);
      assert.match(shown.stdout, /email: branded@example.com/);
      assert.match(shown.stdout, /emailVerified: false/);
    } finally {
      await t.stop();
    }
  });
});

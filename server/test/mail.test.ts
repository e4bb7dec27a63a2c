import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Language, languages } from '@gatehouse/contract';
import { applyDevelopmentDefaults } from '../../scripts/dev-env.ts';
import { type App, buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { type MailKind, renderMail } from '../src/mail/templates.ts';
import { eventually, seedAccount, visitor } from './support/accounts.ts';
import { dialects, freshDatabase } from './support/databases.ts';
import { assertSecurityHeaders } from './support/security-headers.ts';
import { spawnServer } from './support/server-process.ts';
import { startBehindProxy, type TestApp } from './support/test-app.ts';

const kinds: MailKind[] = ['verify_email', 'already_registered', 'password_reset', 'password_changed', 'signin_paused'];
const params = {
  link: 'https://portal.example.com/reset?token=abc',
  secondaryLink: 'https://portal.example.com/login',
  email: 'ada@example.com',
};

describe('mail templates', () => {
  it('renders every kind in all 8 languages, with the brand and no placeholder left', () => {
    const bodies = new Set<string>();
    for (const kind of kinds) {
      for (const language of languages) {
        const mail = renderMail(kind, language, { name: 'Acme Monitoring', color: '#0f766e' }, params);
        for (const [part, value] of Object.entries(mail)) {
          assert.ok(value.includes('Acme Monitoring') || part === 'subject', `${kind}/${language} ${part} names the brand`);
          assert.doesNotMatch(value, /\{\w+\}/, `${kind}/${language} ${part} has a leftover placeholder`);
        }
        assert.ok(mail.subject.trim().length > 0);
        assert.ok(mail.text.includes(params.link) && mail.html.includes(params.link), `${kind}/${language} carries the link`);
        assert.match(mail.html, new RegExp(`<html lang="${language}">`));
        bodies.add(mail.text);
      }
    }
    assert.equal(bodies.size, kinds.length * languages.length, 'every language reads differently');
  });

  it('renders both code mails in all 8 languages: the code in subject, text and HTML, its 10 minutes, the brand, no link', () => {
    const bodies = new Set<string>();
    for (const kind of ['signup_code', 'reset_code'] as const) {
      for (const language of languages) {
        const mail = renderMail(kind, language, { name: 'Acme Monitoring', color: '#0f766e' }, { code: '042917' });
        for (const [part, value] of Object.entries(mail)) {
          assert.ok(value.includes('Acme Monitoring'), `${kind}/${language} ${part} names the brand`);
          assert.ok(value.includes('042917'), `${kind}/${language} ${part} shows the code`);
          assert.doesNotMatch(value, /\{\w+\}/, `${kind}/${language} ${part} has a leftover placeholder`);
        }
        assert.match(mail.text, /^\s+042917$/m, 'the code stands on a line of its own');
        assert.match(mail.text, /10/, `${kind}/${language} says how long the code lasts`);
        assert.doesNotMatch(mail.text, /https?:\/\//, `${kind}/${language} carries no link`);
        assert.match(mail.html, new RegExp(`<html lang="${language}">`));
        bodies.add(mail.text);
      }
    }
    assert.equal(bodies.size, 2 * languages.length, 'every language and kind reads differently');
  });

  it('escapes the brand name in HTML', () => {
    const mail = renderMail('verify_email', 'en', { name: '<b>Evil</b>', color: '#000000' }, params);
    assert.ok(!mail.html.includes('<b>Evil</b>'));
    assert.ok(mail.html.includes('&lt;b&gt;Evil&lt;/b&gt;'));
    assert.ok(mail.text.includes('<b>Evil</b>'), 'plain text stays as typed');
  });
});

describe('/dev/mailbox', () => {
  const dev = { NODE_ENV: 'development', DEV_MAILBOX: '1' };
  async function withApp<T>(env: Record<string, string>, work: (app: App) => Promise<T>): Promise<T> {
    const database = await freshDatabase('sqlite');
    const app = await buildApp(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...env }));
    try {
      return await work(app);
    } finally {
      await app.close();
      await database.drop();
    }
  }
  const local = { host: 'localhost:3000' };

  it('does not exist without DEV_MAILBOX=1, on a loopback listener too', async () => {
    const envs: Record<string, string>[] = [{ HOST: '127.0.0.1' }, { HOST: '127.0.0.1', NODE_ENV: 'development' }, { DEV_MAILBOX: '0' }];
    for (const env of envs) {
      const status = await withApp(
        env,
        async (app) => (await app.app.inject({ method: 'GET', url: '/dev/mailbox', headers: local })).statusCode,
      );
      assert.equal(status, 404, JSON.stringify(env));
    }
  });

  it('refuses to start with DEV_MAILBOX=1 in production, with SMTP, behind a proxy, or with links to another machine', () => {
    for (const env of [
      { DEV_MAILBOX: '1' },
      { ...dev, NODE_ENV: 'production' },
      { ...dev, SMTP_URL: 'smtp://mail.example.com:587' },
      { ...dev, TRUST_PROXY: '127.0.0.1' },
      { ...dev, TRUST_PROXY: 'loopback' },
      { ...dev, PUBLIC_URL: 'https://portal.example.com' },
    ]) {
      assert.throws(
        () => loadConfig(env),
        (error: Error) => error instanceof ConfigError && /DEV_MAILBOX/.test(error.message),
        JSON.stringify(env),
      );
    }
  });

  it('answers only a loopback socket with a loopback Host and no forwarding header, with the key', async () => {
    await withApp(dev, async (app) => {
      const key = app.mailboxKey ?? '';
      assert.match(key, /^[\w-]{43}$/, 'a random key of 32 bytes');
      const get = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        (await app.app.inject({ method: 'GET', url: `/dev/mailbox?key=${key}`, headers, remoteAddress })).statusCode;
      assert.equal(await get(local), 200);
      assert.equal(await get({ host: '127.0.0.1:3000' }), 200);
      assert.equal(await get({ host: '[::1]:3000' }, '::1'), 200);
      assert.equal(await get(local, '203.0.113.5'), 404, 'a client of another machine');
      assert.equal(await get(local, '::ffff:192.0.2.7'), 404, 'a mapped IPv4 client of another machine');
      assert.equal(await get({ host: 'portal.example.com' }), 404, 'a public Host');
      assert.equal(await get({ host: 'rebind.attacker.example:3000' }), 404, 'DNS rebinding');
      assert.equal(await get({ host: 'localhost.attacker.example' }), 404);
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via']) {
        assert.equal(await get({ ...local, [header]: '203.0.113.5' }), 404, `${header}: relayed by a proxy`);
      }
    });
  });

  it('is a 404 without the key made at start, even to a proxy that looks local (issue: mailbox through a proxy)', async () => {
    await withApp(dev, async (app) => {
      const key = app.mailboxKey ?? '';
      await app.app.inject({ method: 'POST', url: '/user/signup', payload: { email: 'victim@example.com', dataProcessingConsent: true } });
      // nginx's `proxy_pass http://127.0.0.1:3000` rewrites Host and adds no forwarding header;
      // another proxy passes the visitor's `Host: localhost`. Both arrive from a loopback socket.
      for (const host of ['127.0.0.1:3000', 'localhost']) {
        for (const url of ['/dev/mailbox?to=victim@example.com', '/dev/mailbox?key=guess', `/dev/mailbox?key=${key.slice(0, -1)}`]) {
          const answer = await app.app.inject({ method: 'GET', url, headers: { host } });
          assert.equal(answer.statusCode, 404, `${host} ${url}`);
          assert.doesNotMatch(answer.body, /token=/);
        }
        const wrongCookie = await app.app.inject({
          method: 'GET',
          url: '/dev/mailbox',
          headers: { host },
          cookies: { gatehouse_mailbox: 'guess' },
        });
        assert.equal(wrongCookie.statusCode, 404);
      }
      // The printed link opens it and leaves a cookie for the mailbox's path; the page drops the key from its address.
      const opened = await app.app.inject({
        method: 'GET',
        url: `/dev/mailbox?key=${key}&to=victim@example.com`,
        headers: { ...local, accept: 'text/html' },
      });
      assert.equal(opened.statusCode, 303);
      assert.equal(opened.headers.location, '/dev/mailbox?to=victim%40example.com');
      const cookie = opened.cookies.find((c) => c.name === 'gatehouse_mailbox');
      assert.equal(cookie?.value, key);
      assert.equal(cookie?.path, '/dev/mailbox');
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Strict');
      const page = await app.app.inject({
        method: 'GET',
        url: '/dev/mailbox?to=victim@example.com',
        headers: { ...local, accept: 'text/html' },
        cookies: { gatehouse_mailbox: key },
      });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /activate-email\?token=/);
      const json = await app.app.inject({ method: 'GET', url: `/dev/mailbox?to=victim@example.com&key=${key}`, headers: local });
      assert.equal(json.json().data[0].to, 'victim@example.com');
    });
  });

  it('prints the link with its key when the server starts, and a new key at every start', async () => {
    const database = await freshDatabase('sqlite');
    const keys: string[] = [];
    try {
      for (let run = 0; run < 2; run += 1) {
        const server = await spawnServer({ ...dev, DATABASE_URL: database.url });
        try {
          const printed = server.stdout().match(/\/dev\/mailbox\?key=([\w-]+)/);
          assert.ok(printed, server.stdout());
          const key = printed[1] ?? '';
          keys.push(key);
          assert.equal((await fetch(`${server.url}/dev/mailbox?key=${key}`)).status, 200);
          assert.equal((await fetch(`${server.url}/dev/mailbox`)).status, 404);
        } finally {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
      assert.notEqual(keys[0], keys[1]);
    } finally {
      await database.drop();
    }
  });

  it('is a 404 to the probe through a reverse proxy that found it open (issue: account takeover)', async () => {
    // The probe: a proxy on the machine forwards a visitor's request with their Host.
    const probe = async (env: Record<string, string>) =>
      withApp(env, async (app) => {
        const seeded = await app.app.inject({
          method: 'POST',
          url: '/user/signup',
          payload: { email: 'victim@example.com', dataProcessingConsent: true },
        });
        assert.equal(seeded.statusCode, 200);
        const answer = await app.app.inject({
          method: 'GET',
          url: '/dev/mailbox?to=victim@example.com',
          headers: { host: 'portal.example.com', 'x-forwarded-for': '203.0.113.5', 'x-forwarded-proto': 'https' },
        });
        assert.doesNotMatch(answer.body, /token=/);
        return answer.statusCode;
      });
    assert.equal(
      await probe({ PUBLIC_URL: 'https://portal.example.com', TRUST_PROXY: '127.0.0.1' }),
      404,
      'the documented production set-up',
    );
    assert.equal(await probe({ ...dev }), 404, 'even with the mailbox on');
  });

  it('shows the goodbye mail of a deleted account, which SMTP delivery erases once sent (issue 24: nothing in the mailbox)', async () => {
    await withApp(dev, async (app) => {
      const key = app.mailboxKey ?? '';
      const email = 'leaving@example.com';
      const password = 'Leaving for good 1';
      await seedAccount(app, email, { passwordHash: await app.deps.hasher.hash(password) });
      const signin = await app.app.inject({ method: 'POST', url: '/signin', headers: local, payload: { email, password } });
      assert.equal(signin.statusCode, 200, signin.body);
      const cookie = signin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const deleted = await app.app.inject({
        method: 'POST',
        url: '/account/delete',
        headers: { ...local, cookie },
        payload: { currentPassword: password },
      });
      assert.equal(deleted.statusCode, 200, deleted.body);
      await app.outbox.flush();
      const mails = await app.app.inject({ method: 'GET', url: `/dev/mailbox?to=${email}&key=${key}`, headers: local });
      assert.deepEqual(
        mails.json().data.map((mail: { kind: string; sentAt: string | null }) => [mail.kind, mail.sentAt !== null]),
        [['account_deleted', true]],
      );
    });
  });

  it('npm start turns it on for a bare development checkout only, and says so', () => {
    const bare: Record<string, string | undefined> = { PORT: '3000' };
    assert.match(applyDevelopmentDefaults(bare) ?? '', /http:\/\/localhost:3000\/dev\/mailbox/);
    assert.deepEqual([bare.NODE_ENV, bare.DEV_MAILBOX], ['development', '1']);
    assert.equal(loadConfig(bare).devMailbox, true);
    for (const env of [
      { NODE_ENV: 'production' },
      { SMTP_URL: 'smtp://mail.example.com' },
      { PUBLIC_URL: 'https://portal.example.com', TRUST_PROXY: '127.0.0.1' },
      { TRUST_PROXY: 'loopback' },
      { DEV_MAILBOX: '0' },
    ]) {
      const copy: Record<string, string | undefined> = { ...env };
      assert.equal(applyDevelopmentDefaults(copy), undefined, JSON.stringify(env));
      assert.equal(copy.DEV_MAILBOX, env.DEV_MAILBOX);
      assert.equal(loadConfig(copy).devMailbox, false);
    }
  });
});

for (const dialect of await dialects('persistence')) {
  describe(`mail outbox (${dialect})`, () => {
    let t: TestApp;
    before(async () => (t = await startBehindProxy({ dialect })));
    after(() => t.stop());
    const outboxRow = (to: string) => t.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).executeTakeFirst();

    it('keeps mail through an SMTP outage and delivers it exactly once', async () => {
      const email = 'outage@example.com';
      // The retry is due 5 s after the failure: with the clock stopped, "not before its time"
      // holds however long the steps below take.
      t.clock.stop();
      t.smtp.refusing = true;
      try {
        assert.equal((await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status, 200);
        const failed = await eventually(async () => {
          const row = await outboxRow(email);
          return row && row.attempts > 0 ? row : undefined;
        }, 'a failed delivery attempt');
        assert.equal(failed.sent_at, null);
        assert.ok(failed.last_error && failed.last_error.length > 0, 'the error is kept');
        assert.equal(t.smtp.mailsTo(email).length, 0);
      } finally {
        t.smtp.refusing = false;
      }
      await t.outbox.flush();
      assert.equal(t.smtp.mailsTo(email).length, 0, 'no retry before its time');
      t.clock.advance(6_000);
      await t.outbox.flush();
      assert.equal(t.smtp.mailsTo(email).length, 1);
      t.clock.advance(3_600_000);
      await t.outbox.flush();
      assert.equal(t.smtp.mailsTo(email).length, 1, 'exactly once');
      const sent = await outboxRow(email);
      assert.ok(sent?.sent_at);
      assert.equal(sent?.last_error, null);
      t.clock.resume();
    });

    it('keeps mail while the SMTP server is down altogether, and delivers it once it is back', async () => {
      const emails = ['down-one@example.com', 'down-two@example.com'];
      await t.smtp.stop();
      try {
        for (const email of emails) {
          assert.equal(
            (await visitor(t).post('/user/signup', { email, dataProcessingConsent: true })).status,
            200,
            'sign-up works without SMTP',
          );
        }
        for (const email of emails) {
          const failed = await eventually(async () => {
            const row = await outboxRow(email);
            return row && row.attempts > 0 ? row : undefined;
          }, 'a refused connection');
          assert.equal(failed.sent_at, null);
          assert.match(failed.last_error ?? '', /ECONNREFUSED|connect/i);
        }
        t.clock.advance(6_000);
        await t.outbox.flush();
        assert.ok(((await outboxRow(emails[0] ?? ''))?.attempts ?? 0) >= 2, 'retried while down');
      } finally {
        await t.smtp.start();
      }
      t.clock.advance(15 * 60_000);
      await t.outbox.flush();
      for (const email of emails) {
        assert.equal(t.smtp.mailsTo(email).length, 1, `${email}: delivered once the server is back`);
        assert.ok((await outboxRow(email))?.sent_at);
      }
    });

    it('writes the mail in the same transaction as the account: neither without the other', async () => {
      const email = 'atomic@example.com';
      // Take the outbox away so the mail cannot be written.
      await t.deps.db.schema.alterTable('mail_outbox').renameTo('mail_outbox_away').execute();
      let answer: Awaited<ReturnType<ReturnType<typeof visitor>['post']>>;
      try {
        answer = await visitor(t).post('/user/signup', { email, dataProcessingConsent: true });
      } finally {
        await t.deps.db.schema.alterTable('mail_outbox_away').renameTo('mail_outbox').execute();
      }
      assert.equal(answer.status, 500);
      assert.equal(answer.json.code, 'server.internal');
      assert.equal(answer.json.error, 'Internal Server Error');
      assert.ok(answer.json.requestId, 'a request id to quote');
      assertSecurityHeaders(answer.headers, 'a 500');
      assert.doesNotMatch(answer.text, /mail_outbox|sqlite|relation|at \w/i, 'no internals in the answer');
      const accounts = await t.deps.db.selectFrom('accounts').select('id').where('email_key', '=', email).execute();
      assert.equal(accounts.length, 0, 'no account without its mail');

      // Every account made here has its mail.
      const orphans = await t.deps.db
        .selectFrom('accounts')
        .leftJoin('mail_outbox', 'mail_outbox.to_address', 'accounts.email')
        .select('accounts.email')
        .where('mail_outbox.id', 'is', null)
        .execute();
      assert.deepEqual(orphans, []);
    });

    it('writes each mail in the language of the request', async () => {
      const expected = (kind: MailKind, language: Language) =>
        renderMail(kind, language, { name: 'Gatehouse', color: '#2563eb' }, params).subject;
      const known = 'sprachen@example.com';
      const pending = 'langues@example.com';
      await seedAccount(t, known, { passwordHash: await t.deps.hasher.hash('Known secret 12345') });
      await seedAccount(t, pending);
      const calls: Array<[string, Record<string, unknown>, string, MailKind, Language]> = [
        [
          '/user/signup',
          { email: 'nihongo@example.com', dataProcessingConsent: true, locale: 'ja' },
          'nihongo@example.com',
          'verify_email',
          'ja',
        ],
        ['/user/signup', { email: known, dataProcessingConsent: true, locale: 'de' }, known, 'already_registered', 'de'],
        ['/user/resend-verification', { email: pending, locale: 'fr' }, pending, 'verify_email', 'fr'],
        ['/user/init-password-reset', { email: known, locale: 'pt' }, known, 'password_reset', 'pt'],
        ['/user/init-password-reset', { email: pending, locale: 'ru' }, pending, 'password_reset', 'ru'],
      ];
      for (const [path, body, to, kind, language] of calls) {
        assert.equal((await visitor(t).post(path, body)).status, 200, path);
        // The subject differs in each language: finding it proves the language.
        await t.smtp.waitFor(to, (m) => m.subject === expected(kind, language));
        const row = await t.deps.db
          .selectFrom('mail_outbox')
          .select(['locale', 'kind'])
          .where('to_address', '=', to)
          .where('kind', '=', kind)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow();
        assert.equal(row.locale, language);
      }
    });
  });
}

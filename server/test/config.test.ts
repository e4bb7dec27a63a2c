import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const day = 86_400_000;
const unset = (value: unknown) => (value === undefined || value === false ? 'unset' : String(value));

/** The README's configuration table: variable → default as written there. */
function readmeDefaults(): Map<string, string> {
  const readme = readFileSync(new URL('README.md', `file://${root}`), 'utf8');
  const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  const defaults = new Map<string, string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [, names = '', values = ''] = row.split('|').map((cell) => cell.trim());
    const variables = [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1] ?? '');
    const cells = values.split(', ').map((cell) => cell.replaceAll('`', ''));
    assert.equal(cells.length, variables.length, `README row ${names}: one default per variable`);
    for (const [i, variable] of variables.entries()) defaults.set(variable, cells[i] ?? '');
  }
  return defaults;
}

// How each README default shows in the parsed configuration.
const shown: Record<string, (c: Config) => string> = {
  PORT: (c) => String(c.port),
  HOST: (c) => c.host,
  ADMIN_PORT: (c) => String(c.admin.port),
  ADMIN_HOST: (c) => c.admin.host,
  ADMIN_URL: (c) => unset(c.admin.url),
  PUBLIC_URL: (c) => c.publicUrl.replace(`:${c.port}`, ':$PORT'),
  DATABASE_URL: (c) => (c.database.dialect === 'sqlite' ? `file:./${relative(process.cwd(), c.database.path)}` : c.database.url),
  REDIS_URL: (c) => unset(c.redisUrl),
  BRAND_PRIVACY_URL: (c) => unset(c.brandUrls.privacyUrl ?? undefined),
  BRAND_TERMS_URL: (c) => unset(c.brandUrls.termsUrl ?? undefined),
  BRAND_SUPPORT_URL: (c) => unset(c.brandUrls.supportUrl ?? undefined),
  BRAND_DASHBOARD_URL: (c) => unset(c.brandUrls.dashboardUrl ?? undefined),
  BRAND_PRODUCT_PANEL: (c) => (c.productPanel ? '1' : '0'),
  SUPPORT_CONTACT: (c) => unset(c.supportContact),
  SMTP_URL: (c) => unset(c.smtpUrl),
  MAIL_FROM: (c) => c.mailFrom,
  // Unset; whether the mailbox shows depends on HOST (tested in mail.test.ts).
  DEV_MAILBOX: () => 'unset',
  GOOGLE_CLIENT_ID: (c) => unset(c.sso.google),
  GOOGLE_CLIENT_SECRET: (c) => unset(c.sso.google),
  GOOGLE_ISSUER: () => loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).sso.google?.issuer ?? '',
  MICROSOFT_CLIENT_ID: (c) => unset(c.sso.microsoft),
  MICROSOFT_CLIENT_SECRET: (c) => unset(c.sso.microsoft),
  MICROSOFT_ISSUER: () =>
    loadConfig({ MICROSOFT_CLIENT_ID: 'id', MICROSOFT_CLIENT_SECRET: 'secret' }).sso.microsoft?.issuer ===
    'https://login.microsoftonline.com/common/v2.0'
      ? "Microsoft's common issuer"
      : 'something else',
  ANALYTICS_KEY: (c) => unset(c.analytics?.key),
  ANALYTICS_SERVER_URL: () => loadConfig({ ANALYTICS_KEY: 'key' }).analytics?.serverUrl ?? '',
  API_URL: (c) => unset(c.apiUrl),
  ROUTE_RULES: (c) => (c.routeRules.length === 0 ? 'unset' : 'set'),
  TRUST_PROXY: (c) => unset(c.trustProxy),
  BRAND_NAME: (c) => c.brandName,
  DEFAULT_LANGUAGE: (c) => c.defaultLanguage,
  LOG_LEVEL: (c) => c.logLevel,
  METRICS_TOKEN: (c) => unset(c.metricsToken),
  PASSWORD_MIN_LENGTH: (c) => String(c.password.minLength),
  ARGON2_MEMORY_KIB: (c) => String(c.argon2.memoryCost),
  ARGON2_TIME_COST: (c) => String(c.argon2.timeCost),
  ARGON2_PARALLELISM: (c) => String(c.argon2.parallelism),
  HASH_CONCURRENCY: (c) => (c.hashing.concurrency === Math.max(2, availableParallelism()) ? 'cores (≥ 2)' : String(c.hashing.concurrency)),
  HASH_QUEUE_TIMEOUT_MS: (c) => String(c.hashing.queueTimeoutMs),
  SESSION_IDLE_DAYS: (c) => String(c.session.idleMs / day),
  SESSION_ABSOLUTE_DAYS: (c) => String(c.session.absoluteMs / day),
  CONSENT_POLICY_VERSION: (c) => c.consentPolicyVersion,
  MAIL_POLL_MS: (c) => String(c.mailPollMs),
  SSO_TIMEOUT_MS: (c) => String(c.ssoTimeoutMs),
  WEB_ROOT: (c) => relative(root, c.webRoot),
  CONSOLE_ROOT: (c) => relative(root, c.consoleRoot),
  NODE_ENV: (c) => c.env,
  SECRET_KEY: (c) => unset(c.secretKey),
  ACCOUNT_SIGNIN_FAILURES: (c) => String(c.accountSigninFailures),
  TEAM_MAX_MEMBERS: (c) => String(c.teams.maxMembers),
  TEAM_MAX_PENDING_INVITATIONS: (c) => String(c.teams.maxPendingInvitations),
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.message;
  }
  assert.fail(`${JSON.stringify(env)} was accepted`);
}

describe('configuration', () => {
  it('has the defaults the README lists, for every variable it lists', () => {
    const config = loadConfig({});
    const readme = readmeDefaults();
    assert.ok(readme.size >= 30, `parsed ${readme.size} variables from the README`);
    for (const [variable, documented] of readme) {
      const show = shown[variable];
      assert.ok(show, `${variable} is in the README but not covered here`);
      assert.equal(show(config), documented, variable);
    }
    assert.deepEqual(Object.keys(shown).sort(), [...readme.keys()].sort(), 'every variable checked is documented');
    const example = readFileSync(new URL('.env.example', `file://${root}`), 'utf8');
    for (const variable of readme.keys()) assert.match(example, new RegExp(`^#? ?${variable}=`, 'm'), `${variable} in .env.example`);
    assert.ok(Object.isFrozen(config));
  });

  it('refuses a wrong value with a message naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'abc' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ ADMIN_PORT: '3000' }, 'ADMIN_PORT'],
      [{ ADMIN_URL: 'ftp://admin.example.com' }, 'ADMIN_URL'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ SMTP_URL: 'http://x' }, 'SMTP_URL'],
      [{ PUBLIC_URL: 'ftp://portal.example.com' }, 'PUBLIC_URL'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ DEFAULT_LANGUAGE: 'xx' }, 'DEFAULT_LANGUAGE'],
      [{ ARGON2_MEMORY_KIB: '1' }, 'ARGON2_MEMORY_KIB'],
      [{ ROUTE_RULES: 'not json' }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"old","to":"/login"}]' }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"/old","to":"//evil.example"}]' }, 'ROUTE_RULES'],
      // Browsers read "/\\host" as another site and run javascript: URLs; only https leaves the site.
      [{ ROUTE_RULES: String.raw`[{"from":"/old","to":"/\\evil.example"}]` }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"/old","to":"javascript:alert(1)"}]' }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"/old","to":"http://help.example.com/"}]' }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"/old","to":"login"}]' }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"/old","to":"/\\tlogin"}]' }, 'ROUTE_RULES'],
      [{ ROUTE_RULES: '[{"from":"/old","to":"https://user:pw@help.example.com/"}]' }, 'ROUTE_RULES'],
      [{ API_URL: 'api.example.com' }, 'API_URL'],
      // Plain http only for a provider on this machine.
      [{ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: 'http://accounts.example.com' }, 'GOOGLE_ISSUER'],
      // A dashboard on plain http only on this machine (decision 049).
      [{ BRAND_DASHBOARD_URL: 'http://app.example.com/' }, 'BRAND_DASHBOARD_URL'],
      [{ BRAND_DASHBOARD_URL: 'http://127.0.0.1.example.com/' }, 'BRAND_DASHBOARD_URL'],
      [{ BRAND_DASHBOARD_URL: 'javascript:alert(1)' }, 'BRAND_DASHBOARD_URL'],
    ];
    for (const [env, variable] of cases) assert.match(refusal(env), new RegExp(`\\b${variable}\\b`), JSON.stringify(env));
  });

  it('stops the server with that message and exit code 2', async () => {
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['server/src/main.ts'],
        // A deadline for a hang only: starting Node takes seconds on a busy machine.
        { cwd: root, env: { ...env, PORT: 'abc' }, timeout: 120_000 },
        (_e, _o, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /PORT/);
  });

  it('drops the __Host- cookie prefix where cookies cannot be Secure', () => {
    const plain = loadConfig({ PUBLIC_URL: 'http://portal.example.com' }).session;
    assert.deepEqual([plain.cookieName, plain.secure], ['gatehouse_session', false]);
    const tls = loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).session;
    assert.deepEqual([tls.cookieName, tls.secure], ['__Host-gatehouse_session', true]);
    const local = loadConfig({}).session;
    assert.deepEqual([local.cookieName, local.secure], ['__Host-gatehouse_session', true], 'browsers take Secure cookies on localhost');
  });

  it('reads proxy addresses, ranges or true for TRUST_PROXY, and refuses a hop count', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy, '10.0.0.1,10.0.0.2');
    assert.equal(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1,loopback' }).trustProxy, '10.0.0.0/8,::1,loopback');
    // A hop count trusts whoever connects: any client could forge its address.
    for (const wrong of ['2', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1']) {
      assert.match(refusal({ TRUST_PROXY: wrong }), /TRUST_PROXY/, wrong);
    }
  });
});

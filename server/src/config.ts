import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import {
  isDashboardUrl,
  isHttpsUrl,
  isLocalPath,
  languages,
  type RouteRule,
  type SsoProviderName,
  ssoProviderRegistry,
  ssoProviders,
} from '@gatehouse/contract';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');
const httpsUrl = optionalString.pipe(z.url({ protocol: /^https$/, error: 'an https:// URL' }).optional());
const dashboardUrl = optionalString.refine(
  (value) => value === undefined || isDashboardUrl(value),
  'an https:// URL, or http:// on a loopback host',
);
/**
 * Where a person locked out of their account turns (decision 058): an https:// page, or an
 * e-mail address, which becomes a mailto: link.
 */
const supportContact = optionalString.pipe(
  z
    .union([z.url({ protocol: /^https$/ }), z.email().transform((address) => `mailto:${address}`)], {
      error: 'an https:// URL or an e-mail address',
    })
    .optional(),
);
const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().default('127.0.0.1'),
  // The admin listener (decision 059): its own port, on this machine only unless told otherwise.
  ADMIN_PORT: int(3001, 0, 65535),
  ADMIN_HOST: z.string().default('127.0.0.1'),
  ADMIN_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.string().default('file:./data/gatehouse.db'),
  REDIS_URL: optionalString,
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  ANALYTICS_KEY: optionalString,
  ANALYTICS_SERVER_URL: z.url({ protocol: /^https?$/ }).default('https://api.eu.amplitude.com/2/httpapi'),
  API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  ROUTE_RULES: optionalString,
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BRAND_NAME: z.string().min(1).default('Gatehouse'),
  DEFAULT_LANGUAGE: z.enum(languages).default('en'),
  BRAND_PRIVACY_URL: httpsUrl,
  BRAND_TERMS_URL: httpsUrl,
  BRAND_SUPPORT_URL: httpsUrl,
  BRAND_DASHBOARD_URL: dashboardUrl,
  SUPPORT_CONTACT: supportContact,
  BRAND_PRODUCT_PANEL: z
    .enum(['1', '0', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  DEV_MAILBOX: flag,
  METRICS_TOKEN: optionalString,
  WEB_ROOT: optionalString,
  CONSOLE_ROOT: optionalString,
  PASSWORD_MIN_LENGTH: int(8, 8, 64),
  ARGON2_MEMORY_KIB: int(19456, 8, 4 * 1024 * 1024),
  ARGON2_TIME_COST: int(2, 1, 10),
  ARGON2_PARALLELISM: int(1, 1, 16),
  HASH_CONCURRENCY: int(Math.max(2, availableParallelism()), 1, 256),
  HASH_QUEUE_TIMEOUT_MS: int(2000, 0, 60000),
  SESSION_IDLE_DAYS: int(7, 1, 365),
  SESSION_ABSOLUTE_DAYS: int(30, 1, 365),
  CONSENT_POLICY_VERSION: z.string().default('2026-01'),
  MAIL_POLL_MS: int(2000, 50, 600000),
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'at least 32 characters').optional()),
  ACCOUNT_SIGNIN_FAILURES: int(100, 5, 100),
  // How long a call to an OpenID provider may take.
  SSO_TIMEOUT_MS: int(10_000, 100, 60_000),
  TEAM_MAX_MEMBERS: int(100, 1, 100_000),
  TEAM_MAX_PENDING_INVITATIONS: int(50, 1, 100_000),
});

export type Env = z.input<typeof envSchema>;

/** Each provider of the registry reads `<prefix>_CLIENT_ID`, `<prefix>_CLIENT_SECRET` and `<prefix>_ISSUER`. */
function parseSsoEnv(env: Record<string, string | undefined>) {
  const issues: string[] = [];
  const values = new Map<SsoProviderName, { clientId?: string; clientSecret?: string; issuer: string }>();
  for (const provider of ssoProviders) {
    const { envPrefix, defaultIssuer } = ssoProviderRegistry[provider];
    const parsed = z
      .object({ CLIENT_ID: optionalString, CLIENT_SECRET: optionalString, ISSUER: z.url().default(defaultIssuer) })
      .safeParse({
        CLIENT_ID: env[`${envPrefix}_CLIENT_ID`],
        CLIENT_SECRET: env[`${envPrefix}_CLIENT_SECRET`],
        ISSUER: env[`${envPrefix}_ISSUER`],
      });
    if (!parsed.success) issues.push(...parsed.error.issues.map((issue) => `  ${envPrefix}_${issue.path.join('.')}: ${issue.message}`));
    else values.set(provider, { clientId: parsed.data.CLIENT_ID, clientSecret: parsed.data.CLIENT_SECRET, issuer: parsed.data.ISSUER });
  }
  return { issues, values };
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

export function isLoopback(host: string): boolean {
  return loopbackHosts.has(host) || host.startsWith('127.');
}

/** Parses the environment once; every other module gets this frozen object. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  const ssoEnv = parseSsoEnv(env);
  if (!parsed.success || ssoEnv.issues.length > 0) {
    const lines = (parsed.error?.issues ?? []).map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${[...lines, ...ssoEnv.issues].join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_PORT !== 0 && e.ADMIN_PORT === e.PORT && e.ADMIN_HOST === e.HOST) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PORT: the admin listener needs a port of its own, not PORT');
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const database = parseDatabaseUrl(e.DATABASE_URL);
  const secureCookies = publicUrl.protocol === 'https:' || publicUrl.hostname === 'localhost';
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrl.origin,
    admin: { port: e.ADMIN_PORT, host: e.ADMIN_HOST, url: e.ADMIN_URL ? new URL(e.ADMIN_URL).origin : undefined },
    database,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailPollMs: e.MAIL_POLL_MS,
    // A provider counts only with both its client id and secret (the buttons show only then).
    sso: Object.fromEntries(
      [...ssoEnv.values].map(([provider, { clientId, clientSecret, issuer }]) => [
        provider,
        ssoProvider(ssoProviderRegistry[provider].envPrefix, clientId, clientSecret, issuer),
      ]),
    ) as Partial<Record<SsoProviderName, ReturnType<typeof ssoProvider>>>,
    ssoTimeoutMs: e.SSO_TIMEOUT_MS,
    analytics: e.ANALYTICS_KEY ? { key: e.ANALYTICS_KEY, serverUrl: e.ANALYTICS_SERVER_URL } : undefined,
    apiUrl: e.API_URL ? new URL(e.API_URL).origin : undefined,
    routeRules: parseRouteRules(e.ROUTE_RULES),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    brandName: e.BRAND_NAME,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    // The brand of hosts without a white-label entry: a bare install's consent and Finish need them.
    brandUrls: {
      privacyUrl: e.BRAND_PRIVACY_URL ?? null,
      termsUrl: e.BRAND_TERMS_URL ?? null,
      supportUrl: e.BRAND_SUPPORT_URL ?? null,
      dashboardUrl: e.BRAND_DASHBOARD_URL ?? null,
    },
    productPanel: e.BRAND_PRODUCT_PANEL,
    /** Every brand's way to support when it names none of its own: the lock-out screen offers it. */
    supportContact: e.SUPPORT_CONTACT,
    devMailbox: devMailboxOf(e, publicUrl),
    metricsToken: e.METRICS_TOKEN,
    webRoot: resolve(e.WEB_ROOT ?? new URL('../../web/build/client', import.meta.url).pathname),
    consoleRoot: resolve(e.CONSOLE_ROOT ?? new URL('../../console/dist', import.meta.url).pathname),
    password: { minLength: e.PASSWORD_MIN_LENGTH },
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST, parallelism: e.ARGON2_PARALLELISM },
    hashing: { concurrency: e.HASH_CONCURRENCY, queueTimeoutMs: e.HASH_QUEUE_TIMEOUT_MS },
    session: {
      idleMs: e.SESSION_IDLE_DAYS * 86_400_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
      // `__Host-` cookies must be Secure; browsers and curl accept Secure cookies on localhost.
      cookieName: secureCookies ? '__Host-gatehouse_session' : 'gatehouse_session',
      secure: secureCookies,
    },
    consentPolicyVersion: e.CONSENT_POLICY_VERSION,
    secretKey: e.SECRET_KEY,
    /** Where a generated SECRET_KEY is kept: the SQLite file's folder, or ./data. */
    dataDir: database.dialect === 'sqlite' && database.path !== ':memory:' ? dirname(database.path) : resolve('data'),
    accountSigninFailures: e.ACCOUNT_SIGNIN_FAILURES,
    teams: { maxMembers: e.TEAM_MAX_MEMBERS, maxPendingInvitations: e.TEAM_MAX_PENDING_INVITATIONS },
  });
}

/**
 * Mail holds sign-in links and codes, so /dev/mailbox exists only when asked for by name in
 * development: DEV_MAILBOX=1, no SMTP_URL, no TRUST_PROXY (no proxy in front), not
 * NODE_ENV=production, links pointing at this machine. Asked for anywhere else, the server refuses to start rather than ignore it
 * (decision 013). `npm start` asks for it on a bare development checkout.
 */
function devMailboxOf(e: z.output<typeof envSchema>, publicUrl: URL): boolean {
  if (!e.DEV_MAILBOX) return false;
  const why = e.SMTP_URL
    ? 'SMTP_URL is set (mail goes out)'
    : e.TRUST_PROXY
      ? 'TRUST_PROXY is set (a proxy stands in front of the server)'
      : e.NODE_ENV === 'production'
        ? 'NODE_ENV=production'
        : !isLoopback(publicUrl.hostname.replace(/^\[|\]$/g, ''))
          ? `PUBLIC_URL ${publicUrl.origin} is not this machine`
          : undefined;
  if (why)
    throw new ConfigError(
      `Invalid configuration:\n  DEV_MAILBOX: the development mailbox is for a developer's own machine only, but ${why}`,
    );
  return true;
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * Checked by the server before it starts (not by the admin CLI, which seals nothing). A key
 * made and kept by one instance is unknown to every other: codes mailed by one would not check
 * on another, and one outbox could not open mail sealed by another (lost mail). A store meant
 * to be shared (a PostgreSQL database, a Redis) says several instances may run, so there, in
 * production, SECRET_KEY must be set: the same on every instance (decision 019).
 */
export function requireSharedSecretKey(config: Config): void {
  if (config.secretKey || config.env !== 'production') return;
  const shared =
    config.database.dialect === 'postgres' ? 'DATABASE_URL is a PostgreSQL database' : config.redisUrl ? 'REDIS_URL is set' : undefined;
  if (!shared) return;
  throw new ConfigError(
    `Invalid configuration:\n  SECRET_KEY: required when ${shared} (several instances may share it): set the same key, at least 32 characters, on every instance`,
  );
}

/**
 * An OpenID provider's settings, when both credentials are set. The issuer must be https; plain
 * http only on this machine (a local provider for tests or development).
 */
function ssoProvider(name: string, clientId: string | undefined, clientSecret: string | undefined, issuer: string) {
  if (!clientId || !clientSecret) return undefined;
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname.replace(/^\[|\]$/g, '')))) {
    throw new ConfigError(`Invalid configuration:\n  ${name}_ISSUER: expected an https:// URL, got "${issuer}"`);
  }
  return { clientId, clientSecret, issuer: url.href.replace(/\/+$/, '') };
}

export class ConfigError extends Error {}

export type DatabaseConfig = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

function parseDatabaseUrl(url: string): DatabaseConfig {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { dialect: 'postgres', url };
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    return { dialect: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
  }
  throw new ConfigError(`Invalid configuration:\n  DATABASE_URL: expected file:PATH or postgres://…, got "${url}"`);
}

const routeRulesSchema = z.array(
  z.object({
    from: z.string().regex(/^\/[^?#]*$/, 'a path starting with /'),
    to: z.string().refine((to) => isLocalPath(to) || isHttpsUrl(to), 'a path on this site (/…) or an https:// URL'),
    status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).default(302),
  }),
);

/** ROUTE_RULES: a JSON array of {from, to, status?}; `from` may end in /* to match a whole section. */
function parseRouteRules(value: string | undefined): RouteRule[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new ConfigError('Invalid configuration:\n  ROUTE_RULES: not valid JSON');
  }
  const parsed = routeRulesSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ROUTE_RULES.${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `true` (every hop: only where nothing can reach the server but its proxies), or
 * a comma-separated list of proxy addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`.
 * A hop count is refused: it trusts whoever connects, so any client could forge its address.
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value) return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (proxyNames.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  };
  const wrong = entries.filter((entry) => !valid(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: expected true or proxy addresses (a.b.c.d, CIDR ranges, loopback), got "${wrong.join(', ')}"`,
    );
  }
  return entries.join(',');
}

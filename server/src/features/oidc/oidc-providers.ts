import type { FastifyRequest } from 'fastify';
import { inject } from 'light-my-request';
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { findBrandByHost } from '../brands/brand.repository.ts';
import { normalizeHost } from '../brands/brand.service.ts';
import { accountClaims, grantUseIsStale, readClaimsSource } from './oidc-claims.ts';
import { markGrantUsed } from './oidc-grant.repository.ts';
import { keysAndHosts, loadSigningKeys } from './oidc-keys.ts';
import { loginLanguage, loginPath } from './oidc-login-path.ts';
import { providerOptions } from './oidc-options.ts';
import { oidcStore } from './oidc-store.ts';
import type { OidcVault } from './oidc-vault.ts';

/** Where the provider is mounted; discovery alone is also answered at the root (decision 033). */
export const oidcPrefix = '/oidc';

export type OidcDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log'> & { vault: OidcVault };

/**
 * How old the keys' version and the brand hosts an instance goes by may be: the first request
 * after this reads them again (one small statement), so a key staged, activated or retired by the
 * CLI, or a brand added, reaches every instance on the database within a second of its next
 * request, and no request reads them itself (decision 057).
 */
export const versionMaxAgeMs = 1000;

interface Snapshot {
  version: string;
  brands: Set<string>;
  readAt: number;
}

/** An answer the provider gave once and gives alike until its keys change: discovery and JWKS. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Built {
  /** The keys' version this provider was built for. */
  version: string;
  provider: Provider;
  answers: Map<string, Promise<StoredAnswer>>;
}

/** Served from memory: the same for every caller of one issuer and keys (decision 057). */
export const storedPaths = new Set(['/.well-known/openid-configuration', '/jwks']);

/**
 * One oidc-provider object per issuer (PUBLIC_URL's origin, and each white-label host its own,
 * since the session cookie is host-only), rebuilt when the signing keys change: a running
 * provider cannot swap its keys. The keys' version and the brand hosts are read at most once a
 * second (versionMaxAgeMs), never per request.
 */
export class OidcProviders {
  readonly #deps: OidcDeps;
  readonly #publicUrl: URL;
  readonly #built = new Map<string, Promise<Built>>();
  #snapshot: Snapshot | undefined;
  #reading: Promise<Snapshot> | undefined;

  constructor(deps: OidcDeps) {
    this.#deps = deps;
    this.#publicUrl = new URL(deps.config.publicUrl);
  }

  async #current(): Promise<Snapshot> {
    const snapshot = this.#snapshot;
    if (snapshot && performance.now() - snapshot.readAt < versionMaxAgeMs) return snapshot;
    // Concurrent requests wait for the one read.
    this.#reading ??= keysAndHosts(this.#deps.db)
      .then(({ version, brands }) => {
        this.#snapshot = { version, brands: new Set(brands), readAt: performance.now() };
        return this.#snapshot;
      })
      .finally(() => {
        this.#reading = undefined;
      });
    return this.#reading;
  }

  /** The issuer this request's host is, or undefined for a host Gatehouse does not serve. */
  async issuerFor(request: FastifyRequest): Promise<{ issuer: string; host: string | null } | undefined> {
    if (request.host === this.#publicUrl.host) return { issuer: this.#publicUrl.origin, host: null };
    const host = normalizeHost(request.host);
    // A host added since the last read is looked up: only a stranger's host costs a statement.
    const known = (await this.#current()).brands.has(host) || (await findBrandByHost(this.#deps.db, host)) !== undefined;
    return known ? { issuer: `${request.protocol}://${host}`, host } : undefined;
  }

  async providerFor(issuer: string, host: string | null): Promise<Provider> {
    return (await this.#builtFor(issuer, host)).provider;
  }

  async #builtFor(issuer: string, host: string | null): Promise<Built> {
    const { version } = await this.#current();
    const current = this.#built.get(issuer);
    if (current) {
      const built = await current.catch(() => undefined);
      if (built && built.version === version) return built;
    }
    const next = this.#build(issuer, host, version);
    this.#built.set(issuer, next);
    return next;
  }

  /**
   * The provider's answer to GET `path` (one of storedPaths) for this issuer as the request
   * reached it (scheme and host: the URLs in it follow them), asked of it once per keys' version.
   */
  async storedAnswer(issuer: string, host: string | null, path: string, request: FastifyRequest): Promise<StoredAnswer> {
    const built = await this.#builtFor(issuer, host);
    const key = `${request.protocol}://${request.host}${path}`;
    let answer = built.answers.get(key);
    if (!answer) {
      answer = askOnce(built.provider, path, request);
      built.answers.set(key, answer);
      answer.catch(() => built.answers.delete(key));
    }
    return answer;
  }

  async #build(issuer: string, host: string | null, version: string): Promise<Built> {
    const keys = await loadSigningKeys(this.#deps);
    const provider = new Provider(issuer, this.#configuration(keys.jwks, host));
    // Koa's proxy flag trusts X-Forwarded-* from anyone: the mount rewrites those headers from
    // what Fastify decided under TRUST_PROXY, so the flag is on and says exactly that.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) => this.#deps.log.error({ err: error.message }, 'openid provider error'));
    return { version, provider, answers: new Map() };
  }

  #configuration(jwks: NonNullable<Configuration['jwks']>['keys'], host: string | null): Configuration {
    const deps = this.#deps;
    const sessionSeconds = Math.floor(deps.config.session.absoluteMs / 1000);
    const policy = interactionPolicy.base();
    // Every authorization passes through Gatehouse's own session (the interaction route): the
    // provider's cookie alone never signs anyone in, so after a Gatehouse sign-out the next
    // request shows the login screen again.
    policy
      .get('login')
      ?.checks.add(
        new interactionPolicy.Check('gatehouse_session', 'the Gatehouse session decides who signs in', (ctx) =>
          ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
        ),
      );
    return {
      adapter: oidcStore(deps, host),
      jwks: { keys: jwks },
      cookies: { keys: deps.vault.cookieKeys },
      ...providerOptions(sessionSeconds),
      // The library refuses loopback and private addresses, against URIs a stranger registers;
      // ours come from the operator alone (the CLI), whose apps may well sit on such an address.
      fetch: (url, options) => globalThis.fetch(url, { ...options, dispatcher: undefined } as RequestInit),
      interactions: { url: (_ctx, interaction) => `${oidcPrefix}/interaction/${interaction.uid}`, policy },
      // Nowhere safe to answer (an unknown client, an unregistered redirect URI): the login
      // screen says so in the person's language, instead of the library's English page.
      renderError(ctx) {
        const language = loginLanguage(ctx.oidc?.params?.ui_locales, ctx.cookies.get('i18n_lang'));
        ctx.status = 303;
        ctx.redirect(`${loginPath(language)}?error=oidc.invalid_request`);
      },
      async findAccount(_ctx, sub, token) {
        const now = deps.clock.now();
        const grantId = token && 'grantId' in token ? token.grantId : undefined;
        const read = await readClaimsSource(deps.db, sub, grantId ? deps.vault.key('grant', grantId) : '', now);
        if (!read) return undefined;
        // A code, access or refresh token is worth no more than the Gatehouse session behind it:
        // however that session ended, this refuses (refresh: invalid_grant, userinfo: invalid_token).
        if (token && !read.session) return undefined;
        // The app's last use, as connected apps show it, to the minute: no write per request.
        if (grantId && read.grantLastUsedAt !== undefined && grantUseIsStale(read.grantLastUsedAt, now)) {
          await markGrantUsed(deps.db, deps.vault.key('grant', grantId), iso(now));
        }
        // The claims of teams that require two-factor follow how that session was proved (decision 047).
        return { accountId: sub, claims: () => accountClaims(read.source, read.session, now) };
      },
    };
  }
}

/** The provider's own answer to a GET of `path` on this issuer, asked in-process as the mount would hand it over. */
async function askOnce(provider: Provider, path: string, request: FastifyRequest): Promise<StoredAnswer> {
  const callback = provider.callback();
  const answer = await inject(
    (raw, res) => {
      (raw as typeof raw & { originalUrl?: string }).originalUrl = `${oidcPrefix}${path}`;
      raw.url = path;
      callback(raw, res);
    },
    {
      method: 'GET',
      url: path,
      headers: { host: request.host, 'x-forwarded-proto': request.protocol, 'x-forwarded-host': request.host },
    },
  );
  if (answer.statusCode !== 200) throw new Error(`the provider answered ${answer.statusCode} to ${path}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    // Connection and length are the answer's own; the date is written for each.
    if (typeof value === 'string' && !['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'].includes(name)) {
      headers[name] = value;
    }
  }
  return { status: answer.statusCode, headers, body: answer.rawPayload };
}

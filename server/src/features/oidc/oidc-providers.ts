import type { FastifyRequest } from 'fastify';
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { findAccountById } from '../accounts/account.repository.ts';
import { findBrandByHost } from '../brands/brand.repository.ts';
import { normalizeHost } from '../brands/brand.service.ts';
import { accountClaims, scopeClaims } from './oidc-claims.ts';
import { liveGrantSession } from './oidc-grant.repository.ts';
import { keysVersion, loadSigningKeys } from './oidc-keys.ts';
import { loginLanguage, loginPath } from './oidc-login-path.ts';
import { oidcStore } from './oidc-store.ts';
import type { OidcVault } from './oidc-vault.ts';

/** Where the provider is mounted; discovery alone is also answered at the root (decision 033). */
export const oidcPrefix = '/oidc';

export type OidcDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log'> & { vault: OidcVault };

interface Built {
  version: string;
  provider: Provider;
}

/**
 * One oidc-provider object per issuer (PUBLIC_URL's origin, and each white-label host its own,
 * since the session cookie is host-only), rebuilt when the signing keys change: a running
 * provider cannot swap its keys. Every OpenID request reads the keys' version (one small
 * statement), so a rotation by the CLI reaches every instance on the database at its next call.
 */
export class OidcProviders {
  readonly #deps: OidcDeps;
  readonly #built = new Map<string, Promise<Built>>();

  constructor(deps: OidcDeps) {
    this.#deps = deps;
  }

  /** The issuer this request's host is, or undefined for a host Gatehouse does not serve. */
  async issuerFor(request: FastifyRequest): Promise<{ issuer: string; host: string | null } | undefined> {
    const publicUrl = new URL(this.#deps.config.publicUrl);
    if (request.host === publicUrl.host) return { issuer: publicUrl.origin, host: null };
    const brand = await findBrandByHost(this.#deps.db, normalizeHost(request.host));
    return brand ? { issuer: `${request.protocol}://${brand.host}`, host: brand.host } : undefined;
  }

  async providerFor(issuer: string, host: string | null): Promise<Provider> {
    const version = await keysVersion(this.#deps.db);
    const current = this.#built.get(issuer);
    if (current) {
      const built = await current.catch(() => undefined);
      if (built && built.version === version) return built.provider;
    }
    const next = this.#build(issuer, host);
    this.#built.set(issuer, next);
    return (await next).provider;
  }

  async #build(issuer: string, host: string | null): Promise<Built> {
    const keys = await loadSigningKeys(this.#deps);
    const provider = new Provider(issuer, this.#configuration(keys.jwks, host));
    // Koa's proxy flag trusts X-Forwarded-* from anyone: the mount rewrites those headers from
    // what Fastify decided under TRUST_PROXY, so the flag is on and says exactly that.
    provider.proxy = true;
    provider.on('server_error', (_ctx, error) => this.#deps.log.error({ err: error.message }, 'openid provider error'));
    return { version: keys.version, provider };
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
      claims: scopeClaims,
      scopes: ['openid', 'offline_access', ...Object.keys(scopeClaims).filter((scope) => scope !== 'openid')],
      // The dashboard reads team, plan and limits from the ID token itself, without a second call.
      conformIdTokenClaims: false,
      responseTypes: ['code'],
      // The library refuses loopback and private addresses, against URIs a stranger registers;
      // ours come from the operator alone (the CLI), whose apps may well sit on such an address.
      fetch: (url, options) => globalThis.fetch(url, { ...options, dispatcher: undefined } as RequestInit),
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        userinfo: { enabled: true },
        // Its end_session_endpoint is answered by Gatehouse itself (oidc-end-session.ts): the
        // session to end is Gatehouse's, not the provider's.
        rpInitiatedLogout: { enabled: true },
        // Logout tokens are sent by the outbox of ended sessions (oidc-logout-worker.ts).
        backchannelLogout: { enabled: true },
      },
      interactions: { url: (_ctx, interaction) => `${oidcPrefix}/interaction/${interaction.uid}`, policy },
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
      // First-party apps: a refresh token without asking for offline_access, living as long as
      // the Gatehouse session that made it (checked in findAccount), not the provider's own.
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      expiresWithSession: () => false,
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        IdToken: 600,
        Interaction: 3600,
        Session: sessionSeconds,
        Grant: sessionSeconds,
        RefreshToken: sessionSeconds,
      },
      // Nowhere safe to answer (an unknown client, an unregistered redirect URI): the login
      // screen says so in the person's language, instead of the library's English page.
      renderError(ctx) {
        const language = loginLanguage(ctx.oidc?.params?.ui_locales, ctx.cookies.get('i18n_lang'));
        ctx.status = 303;
        ctx.redirect(`${loginPath(language)}?error=oidc.invalid_request`);
      },
      async findAccount(_ctx, sub, token) {
        const account = await findAccountById(deps.db, sub);
        if (!account || account.disabled_at) return undefined;
        // A code, access or refresh token is worth no more than the Gatehouse session behind it:
        // however that session ended, this refuses (refresh: invalid_grant, userinfo: invalid_token).
        const grantId = token && 'grantId' in token ? token.grantId : undefined;
        const session = grantId ? await liveGrantSession(deps.db, deps.vault.key('grant', grantId), iso(deps.clock.now())) : undefined;
        if (token && !session) return undefined;
        // The claims of teams that require two-factor follow how that session was proved (decision 047).
        return { accountId: sub, claims: () => accountClaims(deps, account, session) };
      },
    };
  }
}

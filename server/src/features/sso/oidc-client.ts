import { personNameSchema, ssoProviderRegistry } from '@gatehouse/contract';
import * as client from 'openid-client';
import type { SsoProvider } from '../../db/schema.ts';

export interface ProviderSettings {
  provider: SsoProvider;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** The claims the callback acts on, from a validated ID token. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  email?: string;
  /** Google's `email_verified`, or Microsoft's `xms_edov`: the provider vouches the owner holds this address. */
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

/** Why a provider round trip failed, as the person is told on /login. */
export type SsoFailure = 'sso.cancelled' | 'sso.expired' | 'sso.invalid_response' | 'sso.provider_unavailable' | 'sso.email_missing';

export class SsoError extends Error {
  readonly code: SsoFailure;

  constructor(code: SsoFailure, options?: { cause?: unknown }) {
    super(code, options);
    this.name = 'SsoError';
    this.code = code;
  }
}

// Discovery is cached for an hour; JWKS rotation is openid-client's (an unknown `kid` refetches).
const discoveryTtlMs = 3_600_000;
const tenantPlaceholder = '{tenantid}';
// Microsoft's multi-tenant endpoints: the path segment a tenant's issuer has in their place.
const multiTenantSegment = /\/(common|organizations|consumers)(?=\/|$)/;

const isLoopback = (url: URL) => ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);

/**
 * One OpenID provider: discovery, the authorization URL (PKCE S256, state, nonce) and the code
 * exchange with every ID token check openid-client makes (signature against the provider's JWKS,
 * issuer, audience, expiry, nonce). A multi-tenant issuer (Microsoft's `common`, whose metadata
 * names `https://login.microsoftonline.com/{tenantid}/v2.0`) is checked against the token's own
 * `tid`: the issuer must be the template with that tenant filled in.
 */
export class OidcClient {
  #discovered: { at: number; metadata: client.ServerMetadata } | undefined;
  #jwksCache: client.ExportedJWKSCache | undefined;

  readonly settings: ProviderSettings;
  readonly #timeoutMs: number;
  readonly #now: () => number;

  constructor(settings: ProviderSettings, timeoutMs: number, now: () => number = Date.now) {
    this.settings = settings;
    this.#timeoutMs = timeoutMs;
    this.#now = now;
  }

  /** Plain http only for a provider on this machine (tests, local development). */
  get #insecure(): boolean {
    const url = new URL(this.settings.issuer);
    return url.protocol === 'http:' && isLoopback(url);
  }

  async #metadata(): Promise<client.ServerMetadata> {
    const cached = this.#discovered;
    if (cached && this.#now() - cached.at < discoveryTtlMs) return cached.metadata;
    const issuer = this.settings.issuer.replace(/\/+$/, '');
    let metadata: client.ServerMetadata;
    try {
      // The document's own URL, so a multi-tenant issuer (a template) can be accepted below;
      // every other issuer must be exactly the configured one, as openid-client would require.
      const config = await client.discovery(
        new URL(`${issuer}/.well-known/openid-configuration`),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        { timeout: this.#timeoutMs / 1000, execute: this.#insecure ? [client.allowInsecureRequests] : [] },
      );
      metadata = config.serverMetadata();
    } catch (cause) {
      throw new SsoError('sso.provider_unavailable', { cause });
    }
    const expected = [issuer, issuer.replace(multiTenantSegment, `/${tenantPlaceholder}`)];
    if (!expected.includes(metadata.issuer.replace(/\/+$/, '')) || !metadata.authorization_endpoint || !metadata.token_endpoint) {
      throw new SsoError('sso.provider_unavailable', { cause: new Error(`unexpected issuer ${metadata.issuer}`) });
    }
    this.#discovered = { at: this.#now(), metadata };
    return metadata;
  }

  #configuration(metadata: client.ServerMetadata, fetcher?: client.CustomFetch): client.Configuration {
    const config = new client.Configuration(metadata, this.settings.clientId, this.settings.clientSecret);
    config.timeout = this.#timeoutMs / 1000;
    if (this.#insecure) client.allowInsecureRequests(config);
    // Verify the ID token's signature with the provider's keys even though it came over TLS.
    client.enableNonRepudiationChecks(config);
    if (this.#jwksCache) client.setJwksCache(config, this.#jwksCache);
    if (fetcher) config[client.customFetch] = fetcher;
    return config;
  }

  async authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL> {
    const metadata = await this.#metadata();
    return client.buildAuthorizationUrl(this.#configuration(metadata), {
      redirect_uri: input.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: input.state,
      nonce: input.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** Exchanges the code from the callback URL and returns the validated claims. */
  async exchange(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims> {
    const metadata = await this.#metadata();
    const grantChecks = {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    };
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      if (metadata.issuer.includes(tenantPlaceholder)) {
        tokens = await this.#exchangeMultiTenant(metadata, callbackUrl, grantChecks);
      } else {
        const config = this.#configuration(metadata);
        tokens = await client.authorizationCodeGrant(config, callbackUrl, grantChecks);
        this.#jwksCache = client.getJwksCache(config) ?? this.#jwksCache;
      }
    } catch (error) {
      throw classify(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new SsoError('sso.invalid_response');
    return toIdentity(this.settings.provider, claims);
  }

  /**
   * The tenant is known only from the token: the token answer is fetched once and kept, its
   * `tid` read to fill in the issuer, then openid-client validates that same answer against the
   * filled-in issuer (signature, audience, nonce, expiry and iss = the tenant's issuer).
   */
  async #exchangeMultiTenant(
    metadata: client.ServerMetadata,
    callbackUrl: URL,
    checks: client.AuthorizationCodeGrantChecks,
  ): Promise<Awaited<ReturnType<typeof client.authorizationCodeGrant>>> {
    // RFC 9207's `iss` in the callback names the tenant's issuer too: compared once it is known.
    const responseIssuer = callbackUrl.searchParams.get('iss');
    const callback = new URL(callbackUrl);
    callback.searchParams.delete('iss');
    const { authorization_response_iss_parameter_supported: _, ...template } = metadata;
    let answer: { status: number; headers: [string, string][]; body: string } | undefined;
    const stop = new Error('token answer captured');
    const capture: client.CustomFetch = async (url, options) => {
      const response = await fetch(url, options as RequestInit);
      if (url !== metadata.token_endpoint) return response;
      answer = { status: response.status, headers: [...response.headers], body: await response.text() };
      throw stop;
    };
    try {
      await client.authorizationCodeGrant(this.#configuration(template, capture), callback, checks);
    } catch (error) {
      if (!answer) throw error;
    }
    if (!answer) throw new SsoError('sso.invalid_response');
    const captured = answer;
    const tenant = tenantOf(captured.body);
    const replay: client.CustomFetch = async (url, options) =>
      url === metadata.token_endpoint
        ? new Response(captured.body, { status: captured.status, headers: captured.headers })
        : fetch(url, options as RequestInit);
    const issuer = metadata.issuer.replace(tenantPlaceholder, tenant ?? 'unknown-tenant');
    const config = this.#configuration({ ...template, issuer }, replay);
    const tokens = await client.authorizationCodeGrant(config, callback, checks);
    this.#jwksCache = client.getJwksCache(config) ?? this.#jwksCache;
    if (!tenant || tokens.claims()?.tid !== tenant) throw new SsoError('sso.invalid_response');
    if (responseIssuer !== null && responseIssuer !== issuer) throw new SsoError('sso.invalid_response');
    return tokens;
  }
}

/** The `tid` of the ID token in a token answer, read before validation only to pick the issuer to validate against. */
function tenantOf(body: string): string | undefined {
  try {
    const idToken = (JSON.parse(body) as { id_token?: unknown }).id_token;
    if (typeof idToken !== 'string') return undefined;
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { tid?: unknown };
    return typeof payload.tid === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(payload.tid) ? payload.tid : undefined;
  } catch {
    return undefined;
  }
}

function toIdentity(provider: SsoProvider, claims: client.IDToken): IdentityClaims {
  // A name the profile form would refuse (a link, a line break, too long) is not taken.
  const name = (value: unknown) => {
    const parsed = personNameSchema.safeParse(value);
    return parsed.success && parsed.data !== '' ? parsed.data : undefined;
  };
  // Only the provider's own vouching claim counts (the registry's entry; the nOAuth takeover).
  const { claim, values } = ssoProviderRegistry[provider].vouches;
  const verified = (values as readonly unknown[]).includes(claims[claim]);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: typeof claims.email === 'string' && claims.email !== '' ? claims.email : undefined,
    emailVerified: verified,
    givenName: name(claims.given_name),
    familyName: name(claims.family_name),
  };
}

/** Sorts openid-client's errors into what the person is told. */
function classify(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new SsoError(error.error === 'access_denied' ? 'sso.cancelled' : 'sso.invalid_response', { cause: error });
  }
  // The provider refused the code (spent, expired, or of another sign-in), or failed itself.
  if (error instanceof client.ResponseBodyError) {
    return new SsoError(error.status >= 500 ? 'sso.provider_unavailable' : 'sso.expired', { cause: error });
  }
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const unreachable =
    code === 'OAUTH_TIMEOUT' ||
    code === 'OAUTH_ABORT' ||
    code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    // fetch itself failed (refused, reset, DNS, TLS), as such or wrapped by openid-client.
    (error instanceof TypeError && code === undefined) ||
    cause instanceof TypeError ||
    (cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError'));
  // Anything else is an answer that failed validation: signature, issuer, audience, nonce, expiry.
  return new SsoError(unreachable ? 'sso.provider_unavailable' : 'sso.invalid_response', { cause: error });
}

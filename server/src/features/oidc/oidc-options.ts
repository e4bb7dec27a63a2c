import type { Configuration } from 'oidc-provider';
import { scopeClaims } from './oidc-claims.ts';

/**
 * What the provider promises the apps, apart from where its records, keys and screens live:
 * scopes and claims, token formats and lifetimes, the PKCE rule, the features and the clients'
 * settings. `OidcProviders` builds every provider on it, and the benchmark's bare oidc-provider
 * (bench/support/bare-oidc.ts) too, so the two compare like with like by construction.
 */
export function providerOptions(sessionSeconds: number) {
  return {
    claims: scopeClaims,
    scopes: ['openid', 'offline_access', ...Object.keys(scopeClaims).filter((scope) => scope !== 'openid')],
    // The dashboard reads team, plan and limits from the ID token itself, without a second call.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
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
  } satisfies Configuration;
}

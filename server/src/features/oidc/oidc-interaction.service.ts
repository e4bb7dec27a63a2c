import { randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { amrOf } from '../auth/proof.ts';
import type { LiveSession } from '../auth/session.repository.ts';
import { scopeClaims } from './oidc-claims.ts';
import { insertGrant } from './oidc-grant.repository.ts';
import type { OidcVault } from './oidc-vault.ts';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

const knownScopes = new Set(['offline_access', ...Object.keys(scopeClaims)]);

/**
 * The signed-in person continues to the app: a grant of the scopes asked for (first-party
 * apps, no consent screen), recorded with the Gatehouse session it was made in, so that
 * ending that session ends what the app was given.
 */
export async function signInToApp(
  deps: Pick<Deps, 'db' | 'clock'> & { vault: OidcVault },
  provider: Provider,
  details: Details,
  auth: LiveSession,
): Promise<InteractionResults> {
  const clientId = String(details.params.client_id);
  const scopes = String(details.params.scope ?? 'openid')
    .split(' ')
    .filter((scope) => knownScopes.has(scope));
  const grant = new provider.Grant({ accountId: auth.account.id, clientId });
  grant.addOIDCScope(scopes.join(' '));
  const grantId = await grant.save();
  const now = iso(deps.clock.now());
  await insertGrant(deps.db, {
    grant_key: deps.vault.key('grant', grantId),
    client_id: clientId,
    account_id: auth.account.id,
    session_id: auth.session.id,
    // Replaced by the provider's own sid when it issues the code (oidc-store.ts).
    sid: randomBytes(16).toString('base64url'),
    issuer: provider.issuer,
    created_at: now,
    last_used_at: now,
  });
  // The ID token tells the app how and when the person proved who they are: the Gatehouse session's.
  const login = {
    accountId: auth.account.id,
    remember: false,
    amr: amrOf(auth.session),
    ts: Math.floor(Date.parse(auth.session.created_at) / 1000),
  };
  return { login, consent: { grantId } };
}

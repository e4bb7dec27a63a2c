import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import { findActiveClient, insertClient, listClients, revokeClient, updateClientMetadata } from './oidc-client.repository.ts';
import type { OidcVault } from './oidc-vault.ts';

export interface NewClient {
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  initiateLoginUri?: string;
  backchannelLogoutUri?: string;
  host?: string;
  public: boolean;
}

/** What oidc-provider reads for a client: a first-party app on the code flow with refresh. */
interface ClientMetadata {
  client_id: string;
  client_secret?: string;
  client_name: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  initiate_login_uri?: string;
  backchannel_logout_uri?: string;
  backchannel_logout_session_required?: boolean;
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: string;
}

/** A registration the operator must correct; the CLI prints its message. */
export class OidcClientInputError extends Error {}

const newSecret = () => randomBytes(32).toString('base64url');

/** The URIs are the operator's word: http is allowed (loopback and private dashboards), fragments are not. */
function checkUri(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcClientInputError(`${flag} is not a URL: ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.hash) {
    throw new OidcClientInputError(`${flag} must be an http(s) URL without a fragment: ${value}`);
  }
  return url.href;
}

function metadataOf(clientId: string, clientSecret: string | undefined, input: NewClient): ClientMetadata {
  if (input.redirectUris.length === 0) throw new OidcClientInputError('--redirect-uri is required');
  return {
    client_id: clientId,
    ...(clientSecret ? { client_secret: clientSecret } : {}),
    client_name: input.name,
    redirect_uris: input.redirectUris.map((uri) => checkUri(uri, '--redirect-uri')),
    post_logout_redirect_uris: input.postLogoutRedirectUris.map((uri) => checkUri(uri, '--post-logout-redirect-uri')),
    ...(input.initiateLoginUri ? { initiate_login_uri: checkUri(input.initiateLoginUri, '--initiate-login-uri') } : {}),
    ...(input.backchannelLogoutUri
      ? {
          backchannel_logout_uri: checkUri(input.backchannelLogoutUri, '--backchannel-logout-uri'),
          backchannel_logout_session_required: true,
        }
      : {}),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: input.public ? 'none' : 'client_secret_basic',
  };
}

export async function createClient(deps: { db: Db; clock: Clock; vault: OidcVault }, input: NewClient) {
  const clientId = `app_${randomBytes(12).toString('base64url')}`;
  const clientSecret = input.public ? undefined : newSecret();
  const metadata = metadataOf(clientId, clientSecret, input);
  await insertClient(deps.db, {
    id: clientId,
    name: input.name,
    metadata: deps.vault.seal(metadata),
    host: input.host ?? null,
    initiate_login_uri: metadata.initiate_login_uri ?? null,
    created_at: iso(deps.clock.now()),
    revoked_at: null,
  });
  return { clientId, clientSecret };
}

/**
 * Registers one of Gatehouse's own apps (the operator's console) under a fixed id, or brings
 * its registration up to date (its redirect URI follows ADMIN_URL). Every instance does this
 * alike, so two at once write the same row. A revoked registration stays revoked.
 */
export async function registerOwnClient(
  deps: { db: Db; clock: Clock; vault: OidcVault },
  clientId: string,
  clientSecret: string,
  input: NewClient,
): Promise<void> {
  const metadata = deps.vault.seal(metadataOf(clientId, clientSecret, input));
  await deps.db
    .insertInto('oidc_clients')
    .values({
      id: clientId,
      name: input.name,
      metadata,
      host: null,
      initiate_login_uri: null,
      created_at: iso(deps.clock.now()),
      revoked_at: null,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ metadata, name: input.name }))
    .execute();
}

export async function rotateClientSecret(deps: { db: Db; vault: OidcVault }, clientId: string) {
  const row = await findActiveClient(deps.db, clientId);
  if (!row) throw new OidcClientInputError(`no active client ${clientId}`);
  const metadata = deps.vault.open<ClientMetadata>(row.metadata);
  if (metadata.token_endpoint_auth_method === 'none') throw new OidcClientInputError('a public client has no secret');
  const clientSecret = newSecret();
  await updateClientMetadata(deps.db, clientId, deps.vault.seal({ ...metadata, client_secret: clientSecret }));
  return { clientId, clientSecret };
}

export async function describeClients(deps: { db: Db; vault: OidcVault }) {
  return (await listClients(deps.db)).map((row) => {
    const metadata = deps.vault.open<ClientMetadata>(row.metadata);
    return {
      clientId: row.id,
      name: row.name,
      host: row.host,
      public: metadata.token_endpoint_auth_method === 'none',
      redirectUris: metadata.redirect_uris,
      postLogoutRedirectUris: metadata.post_logout_redirect_uris,
      initiateLoginUri: metadata.initiate_login_uri ?? null,
      backchannelLogoutUri: metadata.backchannel_logout_uri ?? null,
      createdAt: row.created_at,
      revokedAt: row.revoked_at,
    };
  });
}

export async function endClient(deps: { db: Db; clock: Clock }, clientId: string): Promise<boolean> {
  return deps.db.transaction().execute((trx) => revokeClient(trx, clientId, iso(deps.clock.now())));
}

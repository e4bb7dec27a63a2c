// The OpenID provider's tables (migration 0014, decision 033).

export interface OidcClientsTable {
  id: string;
  name: string;
  /** Sealed JSON: the client's registration, its secret included. */
  metadata: string;
  host: string | null;
  /** Not secret, and read by GET /white-label: kept beside the sealed registration. */
  initiate_login_uri: string | null;
  created_at: string;
  revoked_at: string | null;
}

export interface OidcPayloadsTable {
  /** HMAC of model and the provider's id: a copy of the table holds no usable code or token. */
  id: string;
  model: string;
  /** Sealed JSON. */
  payload: string;
  grant_key: string | null;
  uid_key: string | null;
  client_id: string | null;
  account_id: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface OidcGrantsTable {
  grant_key: string;
  client_id: string;
  account_id: string;
  session_id: string;
  /** The `sid` claim the app was given for this sign-in. */
  sid: string;
  created_at: string;
  last_used_at: string;
  /** The issuer the app signed in with; null for grants made before migration 0016. */
  issuer: string | null;
}

export type OidcKeyState = 'staged' | 'active' | 'retired';

export interface OidcKeysTable {
  kid: string;
  /** Sealed private JWK. */
  jwk: string;
  state: OidcKeyState;
  created_at: string;
  updated_at: string;
}

/** A back-channel logout owed to an app: delivered, then deleted; retried with backoff meanwhile. */
export interface OidcLogoutOutboxTable {
  id: string;
  client_id: string;
  issuer: string | null;
  /** The logout token's `sub`. */
  account_id: string;
  sid: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}

export interface OidcTables {
  oidc_logout_outbox: OidcLogoutOutboxTable;
  oidc_clients: OidcClientsTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_grants: OidcGrantsTable;
  oidc_keys: OidcKeysTable;
}

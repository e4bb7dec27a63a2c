import type { Kysely } from 'kysely';

// Gatehouse as the OpenID provider of the operator's apps (decision 033). Nothing here opens
// anything without SECRET_KEY: the provider's ids are stored as HMACs under it, its payloads,
// the clients' secrets and the signing keys sealed with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // The client's registration (redirect URIs, secret…) as sealed JSON.
    .addColumn('metadata', 'text', (c) => c.notNull())
    // The brand host whose issuer serves it; null: PUBLIC_URL's.
    .addColumn('host', 'text')
    // Where "Finish" and "Back to dashboard" send a person, when the brand's dashboard is this app.
    .addColumn('initiate_login_uri', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_key', 'text')
    .addColumn('uid_key', 'text')
    .addColumn('client_id', 'text')
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_key').execute();
  await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid_key').execute();
  await db.schema.createIndex('oidc_payloads_client_idx').on('oidc_payloads').column('client_id').execute();
  await db.schema.createIndex('oidc_payloads_account_idx').on('oidc_payloads').column('account_id').execute();
  await db.schema.createIndex('oidc_payloads_expires_idx').on('oidc_payloads').column('expires_at').execute();

  // Which Gatehouse session signed in to which app: a grant lives only as long as its session.
  await db.schema
    .createTable('oidc_grants')
    .addColumn('grant_key', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oidc_clients.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_grants_session_idx').on('oidc_grants').column('session_id').execute();
  await db.schema.createIndex('oidc_grants_account_idx').on('oidc_grants').column('account_id').execute();

  await db.schema
    .createTable('oidc_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    // The private JWK, sealed.
    .addColumn('jwk', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

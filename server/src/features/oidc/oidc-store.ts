import type { Adapter, AdapterPayload } from 'oidc-provider';
import { compiledOnce } from '../../db/compiled-query.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { addMs, type Clock, iso } from '../../lib/clock.ts';
import { findActiveClient } from './oidc-client.repository.ts';
import type { OidcVault } from './oidc-vault.ts';

interface StoreDeps {
  db: Db;
  clock: Clock;
  vault: OidcVault;
}

/**
 * oidc-provider's storage on Kysely (SQLite or PostgreSQL). Rows are found by the HMAC of the
 * provider's id, never the id itself. Clients come from the admin CLI's table, for the host
 * this provider is the issuer of (null: PUBLIC_URL's).
 */
export function oidcStore(deps: StoreDeps, host: string | null): (model: string) => Adapter {
  return (model) => (model === 'Client' ? clientAdapter(deps, host) : payloadAdapter(deps, model));
}

function clientAdapter(deps: StoreDeps, host: string | null): Adapter {
  const none = async () => undefined;
  // The registration opened once per sealed value: the row is still read on every call (a revoked
  // client or a rotated secret counts at once), its opening only when it changed.
  const opened = new Map<string, { sealed: string; metadata: AdapterPayload }>();
  return {
    async find(id) {
      const row = await findActiveClient(deps.db, id);
      if (!row || row.host !== host) return undefined;
      const known = opened.get(id);
      if (known?.sealed === row.metadata) return { ...known.metadata };
      // The provider never uses initiate_login_uri, yet refuses the whole client when it is not
      // https; Gatehouse's hand-off reads it from its own column, where http on loopback or a
      // private address is the operator's word (decision 039).
      const { initiate_login_uri: _, ...metadata } = deps.vault.open<AdapterPayload>(row.metadata);
      opened.set(id, { sealed: row.metadata, metadata });
      return { ...metadata };
    },
    upsert: none,
    findByUid: none,
    findByUserCode: none,
    consume: none,
    destroy: none,
    revokeByGrantId: none,
  };
}

const payloadById = compiledOnce((db: DbOrTx, id: string, model: string) =>
  db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at']).where('id', '=', id).where('model', '=', model),
);

const payloadByUid = compiledOnce((db: DbOrTx, uidKey: string, model: string) =>
  db.selectFrom('oidc_payloads').select(['payload', 'expires_at', 'consumed_at']).where('uid_key', '=', uidKey).where('model', '=', model),
);

/** Each token the provider issues is one of these: compiled once, like the lookups. */
const upsertPayload = compiledOnce(
  (
    db: DbOrTx,
    id: string,
    model: string,
    payload: string,
    grantKey: string,
    uidKey: string,
    clientId: string,
    accountId: string,
    expiresAt: string,
  ) => {
    const values = {
      payload,
      grant_key: grantKey,
      uid_key: uidKey,
      client_id: clientId,
      account_id: accountId,
      expires_at: expiresAt,
    };
    return db
      .insertInto('oidc_payloads')
      .values({ id, model, consumed_at: null, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values));
  },
);

function payloadAdapter({ db, clock, vault }: StoreDeps, model: string): Adapter {
  const rowKey = (id: string) => vault.key(model, id);
  const byKey = async (column: 'id' | 'uid_key', value: string) => {
    const [row] = await (column === 'id' ? payloadById : payloadByUid)(db, value, model);
    if (!row || (row.expires_at !== null && row.expires_at <= iso(clock.now()))) return undefined;
    const payload = vault.open<AdapterPayload>(row.payload);
    if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
    return payload;
  };
  return {
    async upsert(id, payload, expiresIn) {
      // A Grant is its own grant: revoking by grant id removes it with its tokens.
      const grantId = model === 'Grant' ? id : payload.grantId;
      const values = {
        payload: vault.seal(payload),
        grant_key: grantId ? vault.key('grant', grantId) : null,
        uid_key: payload.uid ? vault.key('uid', payload.uid) : null,
        client_id: payload.clientId ?? null,
        account_id: payload.accountId ?? null,
        expires_at: expiresIn ? iso(addMs(clock.now(), expiresIn * 1000)) : null,
      };
      await upsertPayload(
        db,
        rowKey(id),
        model,
        values.payload,
        values.grant_key,
        values.uid_key,
        values.client_id,
        values.account_id,
        values.expires_at,
      );
      // The provider picks the sid its ID token carries only once the sign-in resumes: the code
      // is the first record of it, and the app's logout token must carry the same.
      if (model === 'AuthorizationCode' && payload.sid && values.grant_key) {
        await db.updateTable('oidc_grants').set({ sid: payload.sid }).where('grant_key', '=', values.grant_key).execute();
      }
      // Each new authorization clears what has expired: the table does not grow with old codes and tokens.
      if (model === 'Interaction') await db.deleteFrom('oidc_payloads').where('expires_at', '<=', iso(clock.now())).execute();
    },
    find: (id) => byKey('id', rowKey(id)),
    findByUid: (uid) => byKey('uid_key', vault.key('uid', uid)),
    findByUserCode: async () => undefined,
    async consume(id) {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: iso(clock.now()) })
        .where('id', '=', rowKey(id))
        .execute();
    },
    async destroy(id) {
      await db.deleteFrom('oidc_payloads').where('id', '=', rowKey(id)).execute();
    },
    async revokeByGrantId(grantId) {
      const grantKey = vault.key('grant', grantId);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('oidc_payloads').where('grant_key', '=', grantKey).execute();
        await trx.deleteFrom('oidc_grants').where('grant_key', '=', grantKey).execute();
      });
    },
  };
}

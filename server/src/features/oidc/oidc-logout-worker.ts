import type { Deps } from '../../deps.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { PollingWorker, retryDelayMs } from '../../lib/polling-worker.ts';
import { findActiveClient } from './oidc-client.repository.ts';
import { claimLogout, deleteLogout, findDueLogouts, logoutFailed } from './oidc-logout.repository.ts';
import type { OidcProviders } from './oidc-providers.ts';

const claimMs = 60_000;

interface BackchannelClient {
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

type LogoutDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config'> & { providers: OidcProviders; pollMs: number };

/**
 * Delivers the back-channel logouts the ends of sessions queued (decision 038): the library
 * signs each logout token with the active key at delivery and posts it to the app. An app down
 * is tried again with backoff for as long as a session could have lived; a revoked app, or one
 * without a back-channel URI, is owed nothing.
 */
export class LogoutWorker extends PollingWorker {
  readonly #deps: LogoutDeps;
  protected readonly pollMs: number;

  constructor(deps: LogoutDeps) {
    super();
    this.#deps = deps;
    this.pollMs = deps.pollMs;
  }

  protected async drain(): Promise<void> {
    const { db, clock, log, config } = this.#deps;
    try {
      for (;;) {
        const now = clock.now();
        const due = await findDueLogouts(db, iso(now), 20);
        if (due.length === 0) return;
        for (const row of due) {
          if (!(await claimLogout(db, row.id, iso(now), iso(addMs(now, claimMs))))) continue;
          try {
            await this.#deliver(row);
            await deleteLogout(db, row.id);
          } catch (error) {
            const attempts = row.attempts + 1;
            const message = error instanceof Error ? error.message : String(error);
            if (Date.parse(row.created_at) + config.session.absoluteMs <= clock.now().getTime()) {
              log.warn({ clientId: row.client_id, attempts, err: message }, 'back-channel logout given up: the app never answered');
              await deleteLogout(db, row.id);
            } else {
              log.warn({ clientId: row.client_id, attempts, err: message }, 'back-channel logout failed; will retry');
              await logoutFailed(db, row.id, attempts, iso(addMs(clock.now(), retryDelayMs(attempts))), message);
            }
          }
        }
        if (due.length < 20) return;
      }
    } catch (error) {
      log.error({ err: error }, 'back-channel logout worker failed');
    }
  }

  async #deliver(row: { client_id: string; issuer: string | null; account_id: string; sid: string }): Promise<void> {
    const registered = await findActiveClient(this.#deps.db, row.client_id);
    if (!registered) return;
    const publicUrl = new URL(this.#deps.config.publicUrl);
    const issuer = row.issuer ?? (registered.host ? `${publicUrl.protocol}//${registered.host}` : publicUrl.origin);
    const provider = await this.#deps.providers.providerFor(issuer, registered.host);
    const client = await provider.Client.find(row.client_id);
    if (!client?.backchannelLogoutUri) return;
    // The library's own logout token (iss, aud, iat, jti, sub, sid, the event; no nonce): its
    // method is not in the published types.
    await (client as unknown as BackchannelClient).backchannelLogout(row.account_id, row.sid);
  }
}

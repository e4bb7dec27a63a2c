import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Account } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { requireSession } from '../../http/session.ts';
import { badRequest } from '../../lib/errors.ts';
import { requirePanel } from '../panels/panel.service.ts';

/** The optional X-API-KEY header of every settings call (required from a hosting panel's page). */
export const panelKeyHeader = z.object({ 'x-api-key': z.string().max(200).optional() });

/**
 * A preHandler for every settings call: the session is checked on the server for each change,
 * never taken from the client. A call from a registered panel's page (CORS-allowed origin) must
 * also name that installation in X-API-KEY, as PUT /user/profile does (decision 017).
 */
export function requireAccountCaller(deps: Deps) {
  const session = requireSession(deps);
  return async (request: FastifyRequest) => {
    await session(request);
    if (request.panelOrigin !== undefined) {
      const key = request.headers['x-api-key'];
      await requirePanel(deps.db, typeof key === 'string' ? key : undefined, request.panelOrigin);
    }
  };
}

/**
 * Proves the person at the keyboard knows the account's password (a stolen session alone must
 * not change the password or address, or delete the account). Wrong guesses count like failed
 * sign-ins, so the same delays stop guessing through a session.
 */
export async function confirmPassword(deps: Deps, account: Account, password: string, caller: Caller, field: string): Promise<void> {
  await deps.limits.hashing(caller.ip);
  await deps.limits.signinAllowed(account.email, caller.ip);
  if (!account.password_hash) throw badRequest('account.no_password');
  if (!(await deps.hasher.verify(account.password_hash, password))) {
    await deps.limits.signinFailed(account.email, caller.ip);
    throw badRequest('auth.wrong_password', { fields: { [field]: 'auth.wrong_password' } });
  }
  await deps.limits.signinSucceeded(account.email, caller.ip);
}

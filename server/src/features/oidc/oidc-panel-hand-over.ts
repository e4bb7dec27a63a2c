import { createHmac } from 'node:crypto';
import { api } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Caller, Deps } from '../../deps.ts';
import { replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, setSessionCookie, signedIn } from '../../http/session.ts';
import { addMs, iso } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { amrOf } from '../auth/proof.ts';
import type { LiveSession } from '../auth/session.repository.ts';
import { finishWayIn, SignInRefused } from '../auth/session.service.ts';
import { panelHasOrigin } from '../panels/panel.repository.ts';
import { panelKeyRefused } from '../panels/panel.service.ts';
import { loginLanguage, loginPath } from './oidc-login-path.ts';
import { oidcPrefix } from './oidc-providers.ts';

// Long enough for one press and one navigation, too short to be worth copying anywhere.
const handOverLifetimeMs = 60_000;

/** Thrown to roll the hand-over back when the account asks for a second factor: no challenge is left that nobody answers. */
class SecondFactorOwed extends Error {}

const keyOf = (deps: Pick<Deps, 'secrets'>, token: string) =>
  createHmac('sha256', deps.secrets.subKey('app hand-over')).update(token).digest('base64url');

/**
 * A hosting panel's page, signed in through its partitioned cookie, asks to continue to an app's
 * pending sign-in, which runs top-level on Gatehouse's origin where that cookie is never sent:
 * a one-time value, kept only as its HMAC, tied to this session, the panel, the host and the
 * pending sign-in (decision 049).
 */
export async function createHandOver(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets'>,
  auth: LiveSession,
  caller: Pick<Caller, 'host' | 'panel' | 'panelOrigin'>,
  uid: string,
): Promise<string> {
  // Only a panel's own page: no other page's session is partitioned away from Gatehouse.
  if (!caller.panel || caller.panelOrigin === undefined) throw panelKeyRefused();
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db.deleteFrom('app_hand_overs').where('expires_at', '<=', iso(now)).execute();
  await deps.db
    .insertInto('app_hand_overs')
    .values({
      token_key: keyOf(deps, token),
      session_id: auth.session.id,
      account_id: auth.account.id,
      panel_id: caller.panel.id,
      host: caller.host,
      interaction_uid: uid,
      expires_at: iso(addMs(now, handOverLifetimeMs)),
      created_at: iso(now),
    })
    .execute();
  return token;
}

/**
 * Uses a hand-over once (its row is gone whatever follows): a new session for the person, top-level,
 * when it is live, for this host and pending sign-in, posted from a page of the panel that asked,
 * and the panel's session it came from is still live. The new session keeps how that one was proved
 * and ends no later than it.
 */
export async function redeemHandOver(
  deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'config'>,
  token: string,
  caller: Caller,
  uid: string,
): Promise<string | undefined> {
  const now = iso(deps.clock.now());
  const row = await deps.db.deleteFrom('app_hand_overs').where('token_key', '=', keyOf(deps, token)).returningAll().executeTakeFirst();
  if (!row || row.expires_at <= now || row.host !== caller.host || row.interaction_uid !== uid) return undefined;
  if (caller.panelOrigin === undefined || !(await panelHasOrigin(deps.db, row.panel_id, caller.panelOrigin))) return undefined;
  const from = await deps.db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', row.session_id)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .executeTakeFirst();
  if (!from) return undefined;
  const checked = { id: from.account_id, credential_generation: from.credential_generation };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const started = await finishWayIn(trx, deps, checked, caller, amrOf(from), {
        until: from.absolute_expires_at,
        event: 'signin_succeeded',
      });
      // A panel session from before the account's second factor hands over nothing: the login
      // screen it lands on asks for both.
      if (started.kind !== 'session') throw new SecondFactorOwed();
      return started.token;
    });
  } catch (error) {
    // Disabled, another credential since (the panel's session is dead too), or a second factor
    // owed: the login screen it lands on signs in anew.
    if (error instanceof SignInRefused || error instanceof SecondFactorOwed) return undefined;
    throw error;
  }
}

const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });

export function appHandOverRoutes(
  app: FastifyInstance,
  deps: Deps,
  providerOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Provider | undefined>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['openid'];

  r.post(
    api.appHandOver,
    {
      ...signedIn,
      schema: {
        tags,
        summary: "From a hosting panel's page: a one-time value that continues this session top-level to an app's pending sign-in",
        params: uidParams,
        response: replies(z.object({ token: z.string() })),
      },
    },
    async (request, reply) => {
      const provider = await providerOf(request, reply);
      if (!provider) return reply;
      if (!(await provider.Interaction.find(request.params.uid))) throw new AppError(404, 'oidc.interaction_expired');
      return { data: { token: await createHandOver(deps, authOf(request), callerOf(request), request.params.uid) } };
    },
  );

  // The panel's page posts the value here in a top-level form: never in a URL, and the answer is
  // a navigation, so every failure lands on the login screen, the app's sign-in still pending.
  r.post(
    api.appHandOverContinue,
    {
      schema: {
        tags,
        summary: 'A top-level form from the panel page: uses the one-time value, signs in here and continues to the app',
        consumes: ['application/x-www-form-urlencoded'],
        params: uidParams,
        body: z.object({ token: z.string().max(128).optional().catch(undefined) }).catch({ token: undefined }),
      },
    },
    async (request, reply) => {
      const back = `${oidcPrefix}/interaction/${request.params.uid}`;
      const token = request.body.token;
      const session = token ? await redeemHandOver(deps, token, callerOf(request), request.params.uid) : undefined;
      if (!session) {
        const login = loginPath(loginLanguage(undefined, request.cookies.i18n_lang));
        return reply.redirect(`${login}?redirectTo=${encodeURIComponent(back)}&error=oidc.hand_over_invalid`, 303);
      }
      setSessionCookie(reply, deps.config, session);
      return reply.redirect(back, 303);
    },
  );
}

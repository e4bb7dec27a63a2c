import { api, cpSigninRequest, sessionResponse, sessionView, signinAnswer, signinRequest } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { answerStarted, authOf, callerOf, clearSessionCookie, loadSession, resolvePanel, signedIn } from '../../http/session.ts';
import { toAccountView } from '../accounts/account.mapper.ts';
import { endSession } from '../settings/sessions.service.ts';
import { sessionLicenses } from '../teams/team-license.ts';
import { listSessions } from './session.service.ts';
import { signIn, signOut } from './signin.service.ts';

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  r.post(
    api.signin,
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (form data: urlencoded or multipart)',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        body: signinRequest,
        response: replies(signinAnswer),
      },
    },
    async (request, reply) => {
      const { account, started } = await signIn(deps, request.body, callerOf(request));
      return { data: answerStarted(reply, deps.config, started, () => toAccountView(account)) };
    },
  );

  r.post(
    api.cpSignin,
    {
      schema: {
        tags: ['control-panel'],
        summary:
          "Sign in from a hosting panel (JSON): the password signs in; apiKey (an active installation's) and userId link the panel user",
        body: cpSigninRequest,
        response: replies(signinAnswer),
      },
    },
    async (request, reply) => {
      // The installation first (its own coded error before any password work); the password signs
      // in and links the panel user. apiKey and userId never sign anybody in by themselves.
      const panel = await resolvePanel(deps, request);
      const { account, started } = await signIn(deps, request.body, callerOf(request), {
        panelId: panel.id,
        userId: request.body.userId,
      });
      return { data: answerStarted(reply, deps.config, started, () => toAccountView(account), request.panelOrigin) };
    },
  );

  r.get(
    api.session,
    { schema: { tags, summary: 'Who is signed in (null when nobody)', response: replies(sessionResponse) } },
    async (request) => {
      await loadSession(deps, request);
      if (!request.auth) return { data: null };
      // The session's statement brought the license along, and whether a team's may apply.
      return { data: { account: toAccountView(request.auth.account), ...(await sessionLicenses(deps, request.auth)) } };
    },
  );

  r.post(
    api.signout,
    { schema: { tags, summary: 'Sign out: ends the session on the server', response: replies(empty) } },
    async (request, reply) => {
      await loadSession(deps, request);
      if (request.auth) await signOut(deps, request.auth.account.id, request.auth.session.id, callerOf(request));
      clearSessionCookie(reply, deps.config, request.panelOrigin);
      return { data: {} };
    },
  );

  r.get(
    api.sessions,
    { ...signedIn, schema: { tags, summary: 'List own sessions', response: replies(z.array(sessionView)) } },
    async (request) => {
      const { account, session } = authOf(request);
      return { data: await listSessions(deps, account.id, session.id) };
    },
  );

  r.delete(
    api.session_,
    {
      ...signedIn,
      schema: { tags, summary: 'End one of own sessions', params: z.object({ id: z.string().max(64) }), response: replies(empty) },
    },
    async (request, reply) => {
      const { account, session } = authOf(request);
      await endSession(deps, account.id, request.params.id, callerOf(request));
      if (request.params.id === session.id) clearSessionCookie(reply, deps.config, request.panelOrigin);
      return { data: {} };
    },
  );
}

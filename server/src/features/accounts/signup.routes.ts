import {
  api,
  emailOnlyRequest,
  setPasswordRequest,
  signinAnswer,
  signupRequest,
  signupResponse,
  signupStatusRequest,
  signupStatusResponse,
  verifyEmailRequest,
  verifyEmailResponse,
} from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { emailEcho, replies } from '../../http/route-schemas.ts';
import { answerStarted, asksForCode, callerOf, panelCall } from '../../http/session.ts';
import { toAccountView } from './account.mapper.ts';
import { resendVerification, setPassword, signUp, verifyEmail } from './signup.service.ts';
import { watchState } from './signup-watch.ts';

export function signupRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign-up'];

  r.post(
    api.signup,
    {
      preHandler: panelCall(deps, { when: asksForCode }),
      schema: {
        tags,
        summary:
          'Start a sign-up: mails a verification link (from a team invitation to the invited address: answers the set-password token instead)',
        body: signupRequest,
        response: replies(signupResponse),
      },
    },
    async (request) => {
      const { token } = await signUp(deps, request.body, callerOf(request));
      return { data: token ? { email: request.body.email, token } : { email: request.body.email } };
    },
  );

  r.post(
    api.signupStatus,
    {
      schema: {
        tags,
        summary:
          'What became of the sign-up a tab started with this `watch`: waiting, verified elsewhere, or set up (nothing about any address)',
        body: signupStatusRequest,
        response: replies(signupStatusResponse),
      },
    },
    async (request) => {
      const state = await watchState(deps, request.body.watch, callerOf(request));
      return { data: { state } };
    },
  );

  r.post(
    api.verifyEmail,
    {
      schema: { tags, summary: 'Verify the e-mail from the mailed link', body: verifyEmailRequest, response: replies(verifyEmailResponse) },
    },
    async (request) => {
      return { data: await verifyEmail(deps, request.body, callerOf(request)) };
    },
  );

  r.post(
    api.setPassword,
    { schema: { tags, summary: 'Set the first password; signs in', body: setPasswordRequest, response: replies(signinAnswer) } },
    async (request, reply) => {
      const { account, started } = await setPassword(deps, request.body, callerOf(request));
      return { data: answerStarted(reply, deps.config, started, () => toAccountView(account)) };
    },
  );

  r.post(
    api.resendVerification,
    { schema: { tags, summary: 'Mail a new verification link', body: emailOnlyRequest, response: replies(emailEcho) } },
    async (request) => {
      await resendVerification(deps, request.body, callerOf(request));
      return { data: { email: request.body.email } };
    },
  );
}

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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { emailEcho, replies } from '../../http/route-schemas.ts';
import { answerStarted, asksForCode, callerOf, ceremonyCookie, panelCall } from '../../http/session.ts';
import { toAccountView } from '../accounts/account.mapper.ts';
import { resendVerification, type SignupBrowser, setPassword, signUp, verifyEmail } from './signup.service.ts';
import { watchLifetimeMs, watchState } from './signup-watch.ts';

export function signupRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign-up'];
  // Binds a sign-up's watch to the browser that sent it (decision 041). Every sign-up that
  // carries a watch sets it, whatever the address, so the answer stays the same for all of
  // them; it holds nothing the browser did not send.
  const cookie = ceremonyCookie(deps.config, 'gatehouse_signup', 'strict', watchLifetimeMs);
  const browserOf = (request: FastifyRequest): SignupBrowser => {
    const watch = request.cookies[cookie.name];
    return watch && watch.length <= 256 ? { watch } : {};
  };

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
    async (request, reply) => {
      const { token } = await signUp(deps, request.body, callerOf(request), browserOf(request));
      if (request.body.watch) reply.setCookie(cookie.name, request.body.watch, cookie.options);
      return { data: token ? { email: request.body.email, token } : { email: request.body.email } };
    },
  );

  r.post(
    api.signupStatus,
    {
      schema: {
        tags,
        summary:
          'What became of the sign-up a tab of this browser started with this `watch`: waiting, verified, or set up (nothing about any address)',
        body: signupStatusRequest,
        response: replies(signupStatusResponse),
      },
    },
    async (request) => {
      const state = await watchState(deps, request.body.watch, browserOf(request).watch, callerOf(request));
      return { data: { state } };
    },
  );

  r.post(
    api.verifyEmail,
    {
      schema: { tags, summary: 'Verify the e-mail from the mailed link', body: verifyEmailRequest, response: replies(verifyEmailResponse) },
    },
    async (request) => {
      return { data: await verifyEmail(deps, request.body, callerOf(request), browserOf(request)) };
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

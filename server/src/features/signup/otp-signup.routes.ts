import { api, completeOtpRequest, emailOnlyRequest, signinAnswer, verifyOtpRequest, verifyOtpResponse } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { emailEcho, replies } from '../../http/route-schemas.ts';
import { answerStarted, callerOf } from '../../http/session.ts';
import { toAccountView } from '../accounts/account.mapper.ts';
import { completeOtpRegistration, resendOtpVerification, verifyOtpEmail } from './otp-signup.service.ts';

/** Control-panel sign-up with a mailed 6-digit code (seed section 7). */
export function otpSignupRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['control-panel'];

  r.post(
    api.verifyOtpEmail,
    { schema: { tags, summary: 'Confirm the e-mail with the mailed code', body: verifyOtpRequest, response: replies(verifyOtpResponse) } },
    async (request) => {
      return { data: await verifyOtpEmail(deps, request.body, callerOf(request)) };
    },
  );

  r.post(
    api.completeOtpRegistration,
    {
      schema: {
        tags,
        summary: 'Set the password with the code; links the panel user and signs in',
        body: completeOtpRequest,
        response: replies(signinAnswer),
      },
    },
    async (request, reply) => {
      const { account, started } = await completeOtpRegistration(deps, request.body, callerOf(request));
      return { data: answerStarted(reply, deps.config, started, () => toAccountView(account), request.panelOrigin) };
    },
  );

  r.post(
    api.resendOtpVerification,
    { schema: { tags, summary: 'Mail a new sign-up code', body: emailOnlyRequest, response: replies(emailEcho) } },
    async (request) => {
      await resendOtpVerification(deps, request.body, callerOf(request));
      return { data: { email: request.body.email } };
    },
  );
}

import {
  api,
  initPasswordResetRequest,
  passwordResetCheckRequest,
  passwordResetOtpRequest,
  passwordResetRequest,
} from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { emailEcho, empty, replies } from '../../http/route-schemas.ts';
import { asksForCode, callerOf, panelCall } from '../../http/session.ts';
import { checkResetLink, initPasswordReset, resetPassword, resetPasswordWithCode } from './password-reset.service.ts';

export function passwordResetRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['password reset'];

  r.post(
    api.initPasswordReset,
    {
      preHandler: panelCall(deps, { when: asksForCode, pageOnly: true }),
      schema: {
        tags,
        summary: 'Mail a password-reset link, or with otp:true a 6-digit code (control panel); the same answer for every address',
        body: initPasswordResetRequest,
        response: replies(emailEcho),
      },
    },
    async (request) => {
      await initPasswordReset(deps, request.body, callerOf(request));
      return { data: { email: request.body.email } };
    },
  );

  r.post(
    api.passwordResetCheck,
    {
      schema: {
        tags,
        summary: 'Check a mailed reset link when its page opens: used, expired or live',
        body: passwordResetCheckRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await checkResetLink(deps, request.body, callerOf(request));
      return { data: {} };
    },
  );

  r.post(
    api.passwordReset,
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed token; ends every session; answers the address, for the sign-in that follows',
        body: passwordResetRequest,
        response: replies(emailEcho),
      },
    },
    async (request) => ({ data: await resetPassword(deps, request.body, callerOf(request)) }),
  );

  r.post(
    api.passwordResetOtp,
    {
      schema: {
        tags: [...tags, 'control-panel'],
        summary: 'Set a new password with the mailed code and the e-mail (control panel); ends every session',
        body: passwordResetOtpRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await resetPasswordWithCode(deps, request.body, callerOf(request));
      return { data: {} };
    },
  );
}

import {
  api,
  recoveryCodesView,
  twoFactorConfirmRequest,
  twoFactorDisableRequest,
  twoFactorEnrolment,
  twoFactorProofRequest,
  twoFactorSigninAnswer,
  twoFactorSigninRequest,
} from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, challengeTokenOf, clearChallengeCookie, setSessionCookie, signedIn } from '../../http/session.ts';
import { toAccountView } from '../accounts/account.mapper.ts';
import { confirmationCodeRoute } from '../settings/confirmation-code.route.ts';
import { panelKeyHeader } from '../settings/settings-access.ts';
import { beginEnrolment, confirmEnrolment, disableTwoFactor, regenerateRecoveryCodes } from './enrolment.service.ts';
import { answerChallenge } from './second-factor.service.ts';

/** Two-factor sign-in: the second step of every way in, and turning it on and off in the settings (decision 046). */
export function twoFactorRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const headers = panelKeyHeader;
  const tags = ['settings'];

  r.post(
    api.signinTwoFactor,
    {
      schema: {
        tags: ['sessions'],
        summary: 'The second step of a sign-in: an authenticator code or a recovery code for the challenge cookie; starts the session',
        body: twoFactorSigninRequest,
        response: replies(twoFactorSigninAnswer),
      },
    },
    async (request, reply) => {
      const { account, started, invitation } = await answerChallenge(
        deps,
        challengeTokenOf(request, deps.config),
        request.body,
        callerOf(request),
      );
      clearChallengeCookie(reply, deps.config, request.panelOrigin);
      setSessionCookie(reply, deps.config, started.token, request.panelOrigin);
      const refused = invitation?.ok === false ? { invitationRefused: invitation.code } : {};
      return { data: { ...toAccountView(account), ...refused } };
    },
  );

  confirmationCodeRoute(app, deps, {
    path: api.twoFactorCode,
    purpose: 'two_factor_code',
    tags,
    summary: 'Mail a code that confirms a two-factor change for an account without a password',
    signedIn,
  });

  r.post(
    api.twoFactorTotp,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Start enrolling an authenticator app: the secret, its otpauth URI and QR code (SVG); not active until confirmed',
        body: twoFactorProofRequest,
        response: replies(twoFactorEnrolment),
      },
    },
    async (request) => ({ data: await beginEnrolment(deps, authOf(request), request.body, callerOf(request)) }),
  );

  r.post(
    api.twoFactorTotpConfirm,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Confirm the authenticator with its first code: turns two-factor on and answers the 10 recovery codes, once',
        body: twoFactorConfirmRequest,
        response: replies(recoveryCodesView),
      },
    },
    async (request) => ({ data: await confirmEnrolment(deps, authOf(request), request.body.code, callerOf(request)) }),
  );

  r.post(
    api.twoFactorRecoveryCodes,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'A new set of 10 recovery codes; the old set stops working',
        body: twoFactorProofRequest,
        response: replies(recoveryCodesView),
      },
    },
    async (request) => ({ data: await regenerateRecoveryCodes(deps, authOf(request), request.body, callerOf(request)) }),
  );

  r.delete(
    api.twoFactor,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Turn two-factor off with the password (or the mailed code) and a current authenticator code',
        body: twoFactorDisableRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await disableTwoFactor(deps, authOf(request), request.body, callerOf(request));
      return { data: {} };
    },
  );
}

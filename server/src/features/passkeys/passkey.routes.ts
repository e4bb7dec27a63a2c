import {
  api,
  passkeyAddRequest,
  passkeyOptions,
  passkeyProofRequest,
  passkeyRenameRequest,
  passkeySigninRequest,
  passkeySignupOptionsRequest,
  passkeySignupRequest,
  passkeyView,
  signinAnswer,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { answerStarted, authOf, callerOf, ceremonyCookie, signedIn } from '../../http/session.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { toAccountView } from '../accounts/account.mapper.ts';
import { normalizeHost } from '../brands/brand.service.ts';
import { confirmationCodeRoute } from '../settings/confirmation-code.route.ts';
import { panelKeyHeader } from '../settings/settings-access.ts';
import { addOptions, addPasskey, passkeysOf, removePasskey, renamePasskey, signInWithPasskey, signinOptions } from './passkey.service.ts';
import { ceremonyTimeoutMs, type PasskeySite } from './passkey-ceremony.ts';
import { signUpWithPasskey, signupOptions } from './passkey-signup.service.ts';

/**
 * Not for hosting panels (decision 048): a panel's page is another origin, whose passkeys would be
 * the panel's, and the panel build shows none of it. A call from a panel's page, or naming an
 * installation, is refused before anything else.
 */
async function notFromPanel(request: FastifyRequest): Promise<void> {
  if (request.panelOrigin !== undefined || request.headers['x-api-key'] !== undefined) throw new AppError(403, 'passkey.unavailable');
}

/** Passkeys: added and managed in the settings, a way to sign in and to sign up (decision 048). */
export function passkeyRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['passkeys'];
  // Binds a passkey ceremony's challenge to the browser that asked for it.
  const cookie = ceremonyCookie(deps.config, 'gatehouse_passkey', 'strict', ceremonyTimeoutMs);
  const pre = { onRequest: notFromPanel };
  const signedInHere = { ...pre, ...signedIn };
  const headers = panelKeyHeader;

  /** Where this call's ceremony happens; the first ceremony of a browser gives it its cookie. */
  const siteOf = (request: FastifyRequest, reply: FastifyReply): PasskeySite => {
    const browser = request.cookies[cookie.name] ?? '';
    const site = { host: normalizeHost(request.host), origin: `${request.protocol}://${request.host}`, browser };
    if (browser.length < 32 || browser.length > 128) {
      site.browser = randomToken();
      reply.setCookie(cookie.name, site.browser, cookie.options);
    }
    return site;
  };

  r.post(
    api.passkeySigninOptions,
    {
      ...pre,
      schema: {
        tags,
        summary: 'Start a passkey sign-in: the options for the browser (no address asked)',
        response: replies(passkeyOptions),
      },
    },
    async (request, reply) => {
      await deps.limits.lookup(request.ip);
      return { data: await signinOptions(deps, siteOf(request, reply)) };
    },
  );

  r.post(
    api.passkeySignin,
    {
      ...pre,
      schema: {
        tags,
        summary: 'Sign in with the passkey the browser chose (single-use challenge of this browser and host)',
        body: passkeySigninRequest,
        response: replies(signinAnswer),
      },
    },
    async (request, reply) => {
      const { account, started } = await signInWithPasskey(deps, request.body.response, siteOf(request, reply), callerOf(request));
      return { data: answerStarted(reply, deps.config, started, () => toAccountView(account)) };
    },
  );

  r.post(
    api.passkeySignupOptions,
    {
      ...pre,
      schema: {
        tags: ['sign-up'],
        summary: 'Sign-up with a passkey instead of a password: the options, for the verified address and its set-password token',
        body: passkeySignupOptionsRequest,
        response: replies(passkeyOptions),
      },
    },
    async (request, reply) => ({ data: await signupOptions(deps, request.body, siteOf(request, reply), callerOf(request)) }),
  );

  r.post(
    api.passkeySignup,
    {
      ...pre,
      schema: {
        tags: ['sign-up'],
        summary: 'Finish the sign-up with the new passkey instead of a password; signs in',
        body: passkeySignupRequest,
        response: replies(signinAnswer),
      },
    },
    async (request, reply) => {
      const { account, started } = await signUpWithPasskey(deps, request.body, siteOf(request, reply), callerOf(request));
      return { data: answerStarted(reply, deps.config, started, () => toAccountView(account)) };
    },
  );

  r.get(
    api.passkeys,
    { ...signedInHere, schema: { tags, headers, summary: 'List own passkeys', response: replies(z.array(passkeyView)) } },
    async (request) => ({ data: await passkeysOf(deps, authOf(request).account.id) }),
  );

  confirmationCodeRoute(app, deps, {
    path: api.passkeyCode,
    purpose: 'passkey_code',
    tags,
    summary: 'Mail a code that confirms adding a passkey to an account without a password',
    signedIn: signedInHere,
  });

  r.post(
    api.passkeyOptions,
    {
      ...signedInHere,
      schema: {
        tags,
        headers,
        summary: 'Start adding a passkey: the password (or the mailed code without one); answers the options for the browser',
        body: passkeyProofRequest,
        response: replies(passkeyOptions),
      },
    },
    async (request, reply) => ({
      data: await addOptions(deps, authOf(request), request.body, siteOf(request, reply), callerOf(request)),
    }),
  );

  r.post(
    api.passkeys,
    {
      ...signedInHere,
      schema: { tags, headers, summary: 'Add the passkey the browser made', body: passkeyAddRequest, response: replies(passkeyView) },
    },
    async (request, reply) => ({
      data: await addPasskey(deps, authOf(request).account, request.body, siteOf(request, reply), callerOf(request)),
    }),
  );

  const params = z.object({ id: z.string().max(64) });
  r.patch(
    api.passkey,
    {
      ...signedInHere,
      schema: {
        tags,
        headers,
        summary: 'Rename a passkey: the same proof as adding one',
        params,
        body: passkeyRenameRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await renamePasskey(deps, authOf(request), request.params.id, request.body, callerOf(request));
      return { data: {} };
    },
  );

  r.delete(
    api.passkey,
    {
      ...signedInHere,
      schema: {
        tags,
        headers,
        summary: 'Remove a passkey: the same proof as adding one (refused with passkey.last_method when it is the last way in)',
        params,
        body: passkeyProofRequest,
        response: replies(empty),
      },
    },
    async (request) => {
      await removePasskey(deps, authOf(request), request.params.id, request.body, callerOf(request));
      return { data: {} };
    },
  );
}

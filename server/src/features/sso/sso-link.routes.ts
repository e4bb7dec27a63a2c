import { api, languages, ssoLinkRequest, ssoLinkResponse } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, signedIn } from '../../http/session.ts';
import { confirmationCodeRoute } from '../settings/confirmation-code.route.ts';
import { flowLifetimeMs } from './sso.service.ts';
import { flowCookie } from './sso-cookie.ts';
import { startLink } from './sso-link.service.ts';

const linkBody = ssoLinkRequest.extend({ locale: z.enum(languages).optional() });

/** Connecting Google or Microsoft to the signed-in account, after a fresh proof (decision 030). */
export function ssoLinkRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookie = flowCookie(deps.config);
  const tags = ['sessions'];

  confirmationCodeRoute(app, deps, {
    path: api.ssoLinkCode,
    purpose: 'sso_link_code',
    tags,
    summary: 'Mail a code that confirms connecting a provider to an account without a password',
    signedIn,
  });

  r.post(
    api.ssoLink,
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start connecting a provider: the password (or the mailed code without one); answers where the browser goes next',
        body: linkBody,
        response: replies(ssoLinkResponse),
      },
    },
    async (request, reply) => {
      const { provider, currentPassword, emailCode, locale } = request.body;
      const started = await startLink(
        deps,
        authOf(request),
        { provider, currentPassword, emailCode, locale: locale ?? deps.config.defaultLanguage },
        callerOf(request),
      );
      reply.setCookie(cookie.name, started.flowToken, { ...cookie.options, maxAge: flowLifetimeMs / 1000 });
      return { data: { location: started.location.href } };
    },
  );
}

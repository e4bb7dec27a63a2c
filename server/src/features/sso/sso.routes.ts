import {
  api,
  invitationTokenSchema,
  isLocalPath,
  languages,
  screens,
  ssoIdentitiesResponse,
  ssoProviderRegistry,
  ssoProviders,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { SsoProvider } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, loadSession, setChallengeCookie, setSessionCookie, signedIn } from '../../http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { SsoError } from './oidc-client.ts';
import { finishSso, flowLifetimeMs, type SignupConsents, type SsoOutcome, startSso } from './sso.service.ts';
import { flowCookie, localized } from './sso-cookie.ts';
import { connectedIdentities, disconnectIdentity } from './sso-identities.service.ts';
import { ssoLinkRoutes } from './sso-link.routes.ts';

const flag = z.enum(['1', 'true']).optional().catch(undefined);
const startQuery = z.object({
  intent: z.enum(['signin', 'signup', 'link']).catch('signin').default('signin'),
  locale: z.enum(languages).optional().catch(undefined),
  redirectTo: z.string().max(512).optional().catch(undefined),
  dataProcessingConsent: flag,
  consent: flag,
  analyticsConsent: flag,
  /** Teams: the token of the invitation screen (/signup or /login) the button was pressed on. */
  invitation: invitationTokenSchema.optional().catch(undefined),
});

/**
 * A browser that came from one of our pages (or typed the address): only then do the consents
 * in the address count, or an account get connected, so a link on another site cannot make a
 * visitor agree to anything or connect an identity they did not choose to.
 */
function fromOurPage(request: FastifyRequest, config: Config): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === config.publicUrl;
  } catch {
    return false;
  }
}

/**
 * Single sign-on with Google and Microsoft (OpenID Connect, code flow with PKCE): the buttons
 * lead to /connect/{provider}, the provider back to /connect/{provider}/callback. Every outcome
 * is a redirect to a page of the app; a failure carries its code for the page to translate.
 */
export function ssoRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const { name: cookieName, options: cookieOptions } = flowCookie(config);
  const to = (reply: FastifyReply, path: string) => reply.redirect(`${config.publicUrl}${path}`, 302);

  for (const provider of ssoProviders) {
    r.get(
      `/connect/${provider}`,
      {
        schema: {
          tags: ['sessions'],
          summary: `Start single sign-on with ${ssoProviderRegistry[provider].name} (redirects to the provider)`,
          description:
            'intent=signin (default) or signup (with dataProcessingConsent=1 and the optional consent=1, analyticsConsent=1 ticked on /signup); connecting to a signed-in account starts with POST /sso/link; locale; redirectTo (a path of this app); invitation (the token of a team invitation: the callback joins that team). Failures redirect to /login?error=<code>.',
          querystring: startQuery,
        },
      },
      async (request, reply) => {
        const query = request.query;
        const ours = fromOurPage(request, config);
        const consents: SignupConsents | undefined =
          ours && query.dataProcessingConsent
            ? { dataProcessing: true, marketing: query.consent !== undefined, analytics: query.analyticsConsent !== undefined }
            : undefined;
        let intent = query.intent;
        // Connecting starts with POST /sso/link, after the password or a mailed code (decision 030).
        if (intent === 'link') {
          await loadSession(deps, request);
          if (!request.auth || !ours) return to(reply, localized('/login', query.locale));
          return to(reply, `${localized('/', query.locale)}?error=account.confirmation_required`);
        }
        if (intent === 'signup' && !consents) intent = 'signin';
        if (!deps.sso.get(provider)) return to(reply, `${localized('/login', query.locale)}?error=auth.sso_unavailable`);
        try {
          const { flowToken, location } = await startSso(deps, {
            provider,
            intent,
            locale: query.locale ?? config.defaultLanguage,
            consents,
            redirectTo: query.redirectTo && isLocalPath(query.redirectTo) ? query.redirectTo : undefined,
            // Like the consents, only from our own pages: another site cannot make a visitor join a team.
            invitation: ours ? query.invitation : undefined,
          });
          reply.setCookie(cookieName, flowToken, { ...cookieOptions, maxAge: flowLifetimeMs / 1000 });
          // The invitation screen's address holds its token: the provider is not told where the person came from.
          reply.header('referrer-policy', 'no-referrer');
          return reply.redirect(location.href, 302);
        } catch (error) {
          if (!(error instanceof SsoError)) throw error;
          request.log.warn(
            { provider, reason: error.code, err: error.cause instanceof Error ? error.cause.message : undefined },
            'single sign-on could not start',
          );
          return to(reply, `${localized('/login', query.locale)}?error=${error.code}`);
        }
      },
    );

    r.get(
      `/connect/${provider}/callback`,
      { schema: { tags: ['sessions'], summary: 'OpenID Connect callback: signs in, creates or connects, then redirects to the app' } },
      async (request, reply) => {
        const flowToken = request.cookies[cookieName];
        reply.clearCookie(cookieName, cookieOptions);
        let outcome: SsoOutcome;
        try {
          outcome = await finishSso(deps, { provider, callbackUrl: new URL(request.url, config.publicUrl), flowToken }, callerOf(request));
        } catch (error) {
          if (error instanceof AppError && error.code === 'rate.limited') return to(reply, '/login?error=rate.limited');
          throw error;
        }
        return finish(reply, provider, outcome);
      },
    );
  }

  function finish(reply: FastifyReply, provider: SsoProvider, outcome: SsoOutcome) {
    const language = outcome.flow?.locale;
    if (outcome.kind === 'refused') {
      const page = outcome.flow?.intent === 'link' ? '/' : outcome.code === 'sso.no_account' ? '/signup' : '/login';
      return to(reply, `${localized(page, language)}?error=${outcome.code}`);
    }
    if (outcome.kind === 'linked') return to(reply, `${localized('/', language)}?connected=${provider}`);
    if (outcome.kind === 'two_factor') {
      setChallengeCookie(reply, config, outcome.challengeToken);
      const query = outcome.flow.redirect_to ? `?${new URLSearchParams({ redirectTo: outcome.flow.redirect_to })}` : '';
      return to(reply, `${localized(screens.twoFactorSignin, language)}${query}`);
    }
    setSessionCookie(reply, config, outcome.sessionToken);
    // An invitation that could not be used is said on the next page; the sign-in stands.
    const joined = outcome.invitation?.ok === true;
    const notJoined = outcome.invitation?.ok === false ? outcome.invitation.code : undefined;
    // A new account goes on with the sign-up at step 3 (profile), then the license (none when it joined a team).
    if (outcome.created) {
      const query = new URLSearchParams({ sso: provider, ...(joined ? { joined: '1' } : {}), ...(notJoined ? { error: notJoined } : {}) });
      return to(reply, `${localized('/signup-process', language)}?${query}`);
    }
    if (notJoined) return to(reply, `${localized('/', language)}?error=${notJoined}`);
    return to(reply, outcome.flow.redirect_to ?? localized('/', language));
  }

  ssoLinkRoutes(app, deps);
  r.get(
    api.ssoIdentities,
    {
      ...signedIn,
      schema: {
        tags: ['sessions'],
        summary: 'Google and Microsoft identities connected to the account',
        response: replies(ssoIdentitiesResponse),
      },
    },
    async (request) => ({ data: await connectedIdentities(deps, authOf(request).account.id) }),
  );
  r.delete(
    api.ssoIdentity,
    {
      ...signedIn,
      schema: {
        tags: ['sessions'],
        summary: 'Disconnect an identity (refused with sso.last_method when it is the last way in)',
        params: z.object({ id: z.string().max(64) }),
        response: replies(empty),
      },
    },
    async (request) => {
      await disconnectIdentity(deps, authOf(request).account.id, request.params.id, callerOf(request));
      return { data: {} };
    },
  );
}

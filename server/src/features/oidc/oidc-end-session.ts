import { localizedPath, screens } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type Provider from 'oidc-provider';
import type { Deps } from '../../deps.ts';
import { callerOf, clearSessionCookie, loadSession } from '../../http/session.ts';
import { signOut } from '../auth/signin.service.ts';
import { loginLanguage, loginPath } from './oidc-login-path.ts';
import { oidcPrefix } from './oidc-providers.ts';

interface EndSessionParams {
  id_token_hint?: unknown;
  post_logout_redirect_uri?: unknown;
  state?: unknown;
  ui_locales?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The app's own ID token, verified with our keys (expired ones too: the spec's hint outlives
 * the token), and the registered URI to return to. Undefined for anything that does not hold.
 */
async function checkedHint(provider: Provider, params: EndSessionParams) {
  const hint = text(params.id_token_hint);
  if (!hint) return undefined;
  try {
    const { aud } = decodeJwt(hint);
    const client = typeof aud === 'string' ? await provider.Client.find(aud) : undefined;
    if (!client) return undefined;
    await provider.IdToken.validate(hint, client);
    const { sub } = decodeJwt(hint);
    const back = text(params.post_logout_redirect_uri);
    if (back !== undefined && !client.postLogoutRedirectUriAllowed(back)) return undefined;
    return { sub, back };
  } catch {
    return undefined;
  }
}

/**
 * RP-initiated logout at the provider's end_session_endpoint. With the app's ID token as hint,
 * the Gatehouse session of that person ends (and with it, through endSessions, every app it
 * signed in to hears of it) and the browser goes back to the registered URI with `state`, with
 * no screen. Without a hint (or a hint for someone else) a confirmation screen asks first: a
 * bare link must not sign anybody out.
 */
export function endSessionRoute(
  app: FastifyInstance,
  deps: Deps,
  providerOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Provider | undefined>,
): void {
  app.route<{ Querystring: EndSessionParams; Body: EndSessionParams }>({
    method: ['GET', 'POST'],
    url: `${oidcPrefix}/session/end`,
    schema: { hide: true },
    config: { fromAnySite: true },
    handler: async (request, reply) => {
      // An app's form posts from its own site, where the session cookie (SameSite=Lax) is not
      // sent: the same request as a GET, a top-level navigation that carries it, decides.
      if (request.method === 'POST') {
        const form = new URLSearchParams(
          Object.entries(request.body ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
        return reply.redirect(`${oidcPrefix}/session/end?${form}`, 303);
      }
      const provider = await providerOf(request, reply);
      if (!provider) return reply;
      const params = request.query ?? {};
      const language = loginLanguage(params.ui_locales, request.cookies.i18n_lang);
      const hinted = await checkedHint(provider, params);
      if (text(params.id_token_hint) && !hinted) return reply.redirect(`${loginPath(language)}?error=oidc.invalid_request`, 303);
      await loadSession(deps, request);
      const signedInAs = request.auth?.account.id;
      if (hinted && (!signedInAs || signedInAs === hinted.sub)) {
        if (request.auth) await signOut(deps, request.auth.account.id, request.auth.session.id, callerOf(request));
        clearSessionCookie(reply, deps.config, request.panelOrigin);
        if (!hinted.back) return reply.redirect(loginPath(language), 303);
        const back = new URL(hinted.back);
        const state = text(params.state);
        if (state !== undefined) back.searchParams.set('state', state);
        return reply.redirect(back.href, 303);
      }
      return reply.redirect(signedInAs ? localizedPath(screens.signOut, language) : loginPath(language), 303);
    },
  });
}

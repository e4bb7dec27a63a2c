import { api } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { sendError } from '../../http/error-handler.ts';
import { replies } from '../../http/route-schemas.ts';
import { loadSession } from '../../http/session.ts';
import { endSessionRoute } from './oidc-end-session.ts';
import { signInToApp } from './oidc-interaction.service.ts';
import { loginLanguage, loginPath } from './oidc-login-path.ts';
import { type OidcProviders, oidcPrefix } from './oidc-providers.ts';
import type { OidcVault } from './oidc-vault.ts';

type RawRequest = FastifyRequest['raw'] & { originalUrl?: string };

/** The provider for this request's host, or a 404 for a host Gatehouse does not serve. */
async function providerOf(providers: OidcProviders, request: FastifyRequest, reply: FastifyReply): Promise<Provider | undefined> {
  const target = await providers.issuerFor(request);
  if (!target) {
    sendError(reply, 404, 'request.not_found', { params: { path: request.url.split('?')[0] ?? '/' } });
    return undefined;
  }
  return providers.providerFor(target.issuer, target.host);
}

/**
 * Hands the request to oidc-provider as its own Koa app would see it under the prefix: the
 * mount path from originalUrl, and the forwarded headers rewritten from what Fastify trusted
 * under TRUST_PROXY (an untrusted client's X-Forwarded-* never reaches the provider).
 */
async function handOver(provider: Provider, request: FastifyRequest, reply: FastifyReply, path: string): Promise<void> {
  const raw = request.raw as RawRequest;
  raw.originalUrl = `${oidcPrefix}${path}`;
  raw.url = path;
  raw.headers['x-forwarded-proto'] = request.protocol;
  raw.headers['x-forwarded-host'] = request.host;
  raw.headers['x-forwarded-for'] = request.ip;
  reply.hijack();
  await provider.callback()(raw, reply.raw);
}

export function oidcRoutes(app: FastifyInstance, deps: Deps & { vault: OidcVault }, providers: OidcProviders): void {
  app.register(async (scope) => {
    // oidc-provider reads its own bodies: Fastify's parsers would consume the stream first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const provider = await providerOf(providers, request, reply);
      if (provider) await handOver(provider, request, reply, request.url.slice(oidcPrefix.length) || '/');
    };
    const hide = { schema: { hide: true } };
    scope.all(`${oidcPrefix}/*`, hide, forward);
    // Discovery at the root: the issuer is the origin, with no path.
    scope.get('/.well-known/openid-configuration', hide, async (request, reply) => {
      const provider = await providerOf(providers, request, reply);
      if (provider) await handOver(provider, request, reply, '/.well-known/openid-configuration');
    });

    // An authorization request lands here: with a live Gatehouse session it goes straight back
    // with a code; without one, to the login screen, which comes back here once signed in.
    scope.get<{ Params: { uid: string } }>(`${oidcPrefix}/interaction/:uid`, hide, async (request, reply) => {
      const provider = await providerOf(providers, request, reply);
      if (!provider) return;
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      const language = loginLanguage(details?.params.ui_locales, request.cookies.i18n_lang);
      if (!details || details.uid !== request.params.uid) {
        return reply.redirect(`${loginPath(language)}?error=oidc.interaction_expired`, 303);
      }
      await loadSession(deps, request);
      if (!request.auth) {
        const back = `${oidcPrefix}/interaction/${details.uid}`;
        return reply.redirect(`${loginPath(language)}?redirectTo=${encodeURIComponent(back)}`, 303);
      }
      const result = await signInToApp(deps, provider, details, request.auth);
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    });
  });

  endSessionRoute(app, deps, (request, reply) => providerOf(providers, request, reply));

  // The login screen's banner: which app a pending sign-in continues to (its uid is in the URL).
  app.withTypeProvider<ZodTypeProvider>().get(
    api.appSignIn,
    {
      schema: {
        tags: ['openid'],
        summary: 'The name of the app a pending sign-in (Gatehouse as its OpenID provider) continues to',
        params: z.object({ uid: z.string().max(64) }),
        response: replies(z.object({ name: z.string() })),
      },
    },
    async (request, reply) => {
      const provider = await providerOf(providers, request, reply);
      if (!provider) return reply;
      const interaction = await provider.Interaction.find(request.params.uid);
      const client = interaction ? await provider.Client.find(String(interaction.params.client_id)) : undefined;
      if (!client) return sendError(reply, 404, 'oidc.interaction_expired');
      return { data: { name: client.clientName ?? client.clientId } };
    },
  );
}

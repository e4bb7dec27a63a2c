import { IncomingMessage } from 'node:http';
import { api } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { sendError } from '../../http/error-handler.ts';
import { replies } from '../../http/route-schemas.ts';
import { loadSession } from '../../http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { endSessionRoute } from './oidc-end-session.ts';
import { signInToApp } from './oidc-interaction.service.ts';
import { loginLanguage, loginPath } from './oidc-login-path.ts';
import { appHandOverRoutes } from './oidc-panel-hand-over.ts';
import { type OidcProviders, oidcPrefix, storedPaths } from './oidc-providers.ts';
import type { OidcVault } from './oidc-vault.ts';

type RawRequest = FastifyRequest['raw'] & { originalUrl?: string };

/**
 * The provider for this request's host. Any other host (127.0.0.1 for a PUBLIC_URL of
 * localhost, an address the proxy passes through) is told the issuer to use, not a bare 404.
 */
async function providerOf(
  providers: OidcProviders,
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
): Promise<Provider | undefined> {
  const target = await providers.issuerFor(request);
  if (!target) {
    sendError(reply, 404, 'oidc.not_issuer', { params: { issuer: publicUrl } });
    return undefined;
  }
  return providers.providerFor(target.issuer, target.host);
}

/**
 * Discovery and JWKS from memory (decision 057): the provider's own answer for this issuer and
 * keys, asked once. A cross-origin call (its CORS headers follow the Origin) and any other
 * spelling go to the provider. False when the request is not one of these.
 */
async function answerStored(
  providers: OidcProviders,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  publicUrl: string,
): Promise<boolean> {
  if (request.method !== 'GET' || !storedPaths.has(path) || request.headers.origin !== undefined) return false;
  const target = await providers.issuerFor(request);
  if (!target) {
    sendError(reply, 404, 'oidc.not_issuer', { params: { issuer: publicUrl } });
    return true;
  }
  const answer = await providers.storedAnswer(target.issuer, target.host, path, request);
  reply.code(answer.status).headers(answer.headers).send(answer.body);
  return true;
}

/**
 * Hands the request to oidc-provider as its own Koa app would see it under the prefix: the
 * mount path from originalUrl, and the forwarded headers rewritten from what Fastify trusted
 * under TRUST_PROXY (an untrusted client's X-Forwarded-* never reaches the provider).
 */
async function handOver(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  replayed?: RawRequest,
): Promise<void> {
  const raw = replayed ?? (request.raw as RawRequest);
  raw.originalUrl = `${oidcPrefix}${path}`;
  raw.url = path;
  raw.headers['x-forwarded-proto'] = request.protocol;
  raw.headers['x-forwarded-host'] = request.host;
  raw.headers['x-forwarded-for'] = request.ip;
  reply.hijack();
  await provider.callback()(raw, reply.raw);
}

/** The client a token request names: in its Basic credentials, or its form's client_id. */
function clientOfTokenRequest(request: FastifyRequest, body: Buffer): string | undefined {
  const basic = /^basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (basic) {
    const id = Buffer.from(basic, 'base64').toString().split(':')[0];
    try {
      return id ? decodeURIComponent(id.replace(/\+/g, ' ')) : undefined;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(body.toString()).get('client_id') ?? undefined;
}

const tokenBodyLimit = 56 * 1024;

/**
 * The token endpoint's rate limit (per IP, per client) needs the client before the provider
 * reads the body: the body is read here, and the provider gets a request that replays it.
 * Over the limit: 429 with Retry-After (RFC 6585) and the OAuth error `temporarily_unavailable`
 * (RFC 6749 defines no token-endpoint error for it; this one means "try again later").
 */
async function limitedTokenRequest(deps: Deps, request: FastifyRequest, reply: FastifyReply): Promise<RawRequest | undefined> {
  const raw = request.raw;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > tokenBodyLimit) {
      reply.code(413).send({ error: 'invalid_request', error_description: 'request entity too large' });
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  try {
    const countClient = await deps.limits.tokenRequest(request.ip, clientOfTokenRequest(request, body));
    // invalid_client (401) is the only answer to a client that did not prove itself.
    reply.raw.once('finish', () => {
      if (reply.raw.statusCode !== 401) countClient().catch(() => {});
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    const retryAfter = String(error.options.retryAfter ?? 60);
    reply
      .code(429)
      .header('retry-after', retryAfter)
      .header('cache-control', 'no-store')
      .send({ error: 'temporarily_unavailable', error_description: 'too many token requests; retry after the delay given' });
    return undefined;
  }
  const replayed: RawRequest = new IncomingMessage(raw.socket);
  replayed.method = raw.method;
  replayed.headers = { ...raw.headers };
  replayed.httpVersion = raw.httpVersion;
  replayed.push(body);
  replayed.push(null);
  // Not complete, a message that ends counts as aborted and takes the connection down with it.
  replayed.complete = true;
  return replayed;
}

export function oidcRoutes(app: FastifyInstance, deps: Deps & { vault: OidcVault }, providers: OidcProviders): void {
  app.register(async (scope) => {
    // oidc-provider reads its own bodies: Fastify's parsers would consume the stream first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.slice(oidcPrefix.length) || '/';
      if (await answerStored(providers, request, reply, path, deps.config.publicUrl)) return;
      const provider = await providerOf(providers, request, reply, deps.config.publicUrl);
      if (!provider) return;
      // The library's router ignores case and a trailing slash: every spelling of a route is
      // judged as the route itself, so none escapes the token limit or reaches the library's own
      // end-session pages (Gatehouse answers /session/end itself, before this catch-all).
      const route = (path.split('?')[0] ?? '/').toLowerCase().replace(/\/+$/, '');
      if (route === '/session/end' || route.startsWith('/session/end/')) {
        return sendError(reply, 404, 'request.not_found', { params: { path: request.url.split('?')[0] ?? '' } });
      }
      if (request.method === 'POST' && route === '/token') {
        const replayed = await limitedTokenRequest(deps, request, reply);
        if (replayed) await handOver(provider, request, reply, path, replayed);
        return;
      }
      await handOver(provider, request, reply, path);
    };
    const hide = { schema: { hide: true } };
    scope.all(`${oidcPrefix}/*`, hide, forward);
    // Discovery at the root: the issuer is the origin, with no path.
    scope.get('/.well-known/openid-configuration', hide, async (request, reply) => {
      if (
        request.url === '/.well-known/openid-configuration' &&
        (await answerStored(providers, request, reply, request.url, deps.config.publicUrl))
      )
        return;
      const provider = await providerOf(providers, request, reply, deps.config.publicUrl);
      if (provider) await handOver(provider, request, reply, '/.well-known/openid-configuration');
    });

    // An authorization request lands here: with a live Gatehouse session it goes straight back
    // with a code; without one, to the login screen, which comes back here once signed in.
    scope.get<{ Params: { uid: string } }>(`${oidcPrefix}/interaction/:uid`, hide, async (request, reply) => {
      const provider = await providerOf(providers, request, reply, deps.config.publicUrl);
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

  endSessionRoute(app, deps, (request, reply) => providerOf(providers, request, reply, deps.config.publicUrl));
  appHandOverRoutes(app, deps, (request, reply) => providerOf(providers, request, reply, deps.config.publicUrl));

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
      const provider = await providerOf(providers, request, reply, deps.config.publicUrl);
      if (!provider) return reply;
      const interaction = await provider.Interaction.find(request.params.uid);
      const client = interaction ? await provider.Client.find(String(interaction.params.client_id)) : undefined;
      if (!client) return sendError(reply, 404, 'oidc.interaction_expired');
      return { data: { name: client.clientName ?? client.clientId } };
    },
  );
}

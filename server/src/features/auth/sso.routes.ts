import { api } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/**
 * Where the Google and Microsoft buttons lead. Until OpenID Connect sign-in is built, a person
 * who presses one comes back to the sign-in page with a translated explanation, never a raw
 * error page.
 */
export function ssoRoutes(app: FastifyInstance, deps: Deps): void {
  for (const path of [api.connectGoogle, api.connectMicrosoft]) {
    app.get(
      path,
      { schema: { tags: ['sessions'], summary: 'Start single sign-on (answers: back to /login with error auth.sso_unavailable)' } },
      async (_request, reply) => reply.redirect(`${deps.config.publicUrl}/login?error=auth.sso_unavailable`, 302),
    );
  }
}

import { accountView, api, profileRequest } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, resolvePanel, signedIn } from '../../http/session.ts';
import { toAccountView } from './account.mapper.ts';
import { updateProfile } from './profile.service.ts';

export function profileRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    api.profile,
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Save the optional profile and consents',
        body: profileRequest,
        response: replies(accountView),
      },
    },
    async (request) => {
      const { account } = authOf(request);
      return { data: toAccountView(await updateProfile(deps, account, request.body, callerOf(request))) };
    },
  );

  // The control-panel twin: the same payload and answer, plus the panel's apiKey in X-API-KEY
  // (a header, so it never lands in a URL or a log line).
  r.put(
    api.cpProfile,
    {
      ...signedIn,
      schema: {
        tags: ['control-panel'],
        summary: "Save the optional profile and consents from a hosting panel (X-API-KEY: an active installation's apiKey)",
        headers: z.object({ 'x-api-key': z.string().optional() }),
        body: profileRequest,
        response: replies(accountView),
      },
    },
    async (request) => {
      const { account } = authOf(request);
      // The guard resolved the installation for a panel's page; from a script the key is required here too.
      await resolvePanel(deps, request);
      return { data: toAccountView(await updateProfile(deps, account, request.body, callerOf(request))) };
    },
  );
}

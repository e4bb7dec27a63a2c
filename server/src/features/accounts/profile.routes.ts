import { accountView, api, profileRequest } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, requireSession } from '../../http/session.ts';
import { toAccountView } from './account.mapper.ts';
import { updateProfile } from './profile.service.ts';

export function profileRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().put(
    api.profile,
    {
      preHandler: requireSession(deps),
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
}

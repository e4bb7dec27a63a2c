import { api, brandView } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { replies } from '../../http/route-schemas.ts';
import { dashboardHandOff } from '../oidc/oidc-hand-off.ts';
import { getBrand } from './brand.service.ts';

export function brandRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    api.whiteLabel,
    {
      schema: {
        tags: ['white label'],
        summary: "A host's branding (the request's host by default); unknown hosts get the default brand",
        querystring: z.object({ host: z.string().max(253).optional() }),
        response: replies(brandView),
      },
    },
    async (request) => ({ data: await dashboardHandOff(deps, await getBrand(deps.db, deps.config, request.query.host ?? request.host)) }),
  );
}

import { api, licenseActivateRequest, licenseKeySchema, licensePreview, licenseView } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, signedIn } from '../../http/session.ts';
import { sessionLicenses } from '../teams/team-license.ts';
import { activateLicense, previewLicense } from './license.service.ts';

export function licenseRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['licenses'];

  r.get(
    api.license,
    {
      ...signedIn,
      schema: { tags, summary: "The signed-in account's license (null when none)", response: replies(licenseView.nullable()) },
    },
    // Read with the session (its statement brings the account's license along); withheld with a team that requires two-factor.
    async (request) => ({ data: (await sessionLicenses(deps, authOf(request))).license }),
  );

  r.post(
    api.licenseActivate,
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Activate a license key: a standalone key as is; a platform key from its hosting panel, with the installation's apiKey (X-API-KEY or body apiKey)",
        headers: z.object({ 'x-api-key': z.string().optional() }),
        body: licenseActivateRequest,
        response: replies(licenseView),
      },
    },
    async (request) => ({ data: await activateLicense(deps, authOf(request).account.id, request.body.license, callerOf(request)) }),
  );

  r.get(
    api.licensePreview,
    {
      schema: {
        tags,
        summary: 'Preview a key for /redeem: plan and status, never the holder',
        params: z.object({ license: licenseKeySchema }),
        response: replies(licensePreview),
      },
    },
    async (request) => {
      return { data: await previewLicense(deps, request.params.license, callerOf(request)) };
    },
  );
}

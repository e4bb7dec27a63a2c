import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { authOf, callerOf, type signedIn } from '../../http/session.ts';
import { type ConfirmationCodePurpose, panelKeyHeader, sendConfirmationCode } from './settings-access.ts';

/**
 * `POST path`: mails the 6-digit code that confirms adding a way in (a provider, a passkey,
 * two-factor) for a signed-in account without a password (decision 030). One route per change,
 * each with its own purpose, so a code for one confirms no other.
 */
export function confirmationCodeRoute(
  app: FastifyInstance,
  deps: Deps,
  route: {
    path: string;
    purpose: ConfirmationCodePurpose;
    tags: string[];
    summary: string;
    /** The route's options: `signedIn`, with whatever else its feature adds. */
    signedIn: typeof signedIn;
  },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      route.path,
      { ...route.signedIn, schema: { tags: route.tags, headers: panelKeyHeader, summary: route.summary, response: replies(empty) } },
      async (request) => {
        await sendConfirmationCode(deps, authOf(request).account, route.purpose, callerOf(request));
        return { data: {} };
      },
    );
}

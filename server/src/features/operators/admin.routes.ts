import {
  type AccountRemedy,
  accountRemedies,
  accountSearchRow,
  adminData,
  adminPage,
  adminTeamView,
  auditEntryView,
  healthCard as healthCardSchema,
  licenseDeskRow,
  licenseExtended,
  licenseRevoked,
  licenseStatuses,
  licensesIssued,
  planNames,
  reasonMaxLength,
  remedyAnswers,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { errorResponse } from '../../http/route-schemas.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  type ActionContext,
  clearSignInPause,
  disableAccount,
  enableAccount,
  endAccountSessions,
  healthCard,
  resendVerificationFor,
  resetTwoFactorFor,
  searchAccounts,
  sendPasswordReset,
} from './account-admin.service.ts';
import { auditCsv, auditJsonl, auditStream, exportLimit, toCsv } from './audit-stream.ts';
import {
  extendLicense,
  issueLicenses,
  licenseCsvHeader,
  licensesCsv,
  listLicenseDesk,
  revokeLicenseById,
  teamView,
} from './license-desk.ts';
import type { Actor } from './operator-audit.ts';

export const v1 = '/admin/v1';

export const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};
const order = z.enum(['asc', 'desc']).default('desc');
export const instant = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'a date or an ISO-8601 time')
  .transform((value) => new Date(value).toISOString());
export const idParams = z.object({ id: z.string().max(64) });
export const reasonBody = z
  .object({ reason: z.string().max(10_000).optional().describe(`Why, 1 to ${reasonMaxLength} characters; stored with the action`) })
  .optional();
/** The response schemas of a route answering `ok` (a schema of the contract): documented, and what is sent. */
export const replies = <T extends z.ZodType>(ok: T) => ({ 200: ok, '4xx': errorResponse, '5xx': errorResponse });
/** A file download: the document says what it is. */
const download = (what: string) => replies(z.string().describe(what));

export function actorOf(request: FastifyRequest): Actor {
  const admin = request.admin;
  if (!admin) throw new Error('admin route without its guard');
  return admin.actor;
}

/** Every remedy and change asks for a reason, stored with it (decision 061). */
export function reasonOf(body: unknown): string {
  const reason = typeof (body as { reason?: unknown } | undefined)?.reason === 'string' ? (body as { reason: string }).reason.trim() : '';
  if (!reason || reason.length > reasonMaxLength || /[\p{Cc}]/u.test(reason.replace(/[\n\t]/g, ''))) {
    throw badRequest('admin.reason_required', { fields: { reason: 'admin.reason_required' } });
  }
  return reason;
}

/**
 * The admin API (`/admin/v1`, on the admin listener only). Each route declares the scope it
 * needs (`config.scope`, checked by the admin guard); each write records the operator's action
 * with the actor and the reason; the console and the CLI call the same services.
 */
export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const host = new URL(deps.config.publicUrl).host;
  const context = (request: FastifyRequest): ActionContext => ({ actor: actorOf(request), reason: reasonOf(request.body), host });

  r.get(
    `${v1}/accounts`,
    {
      config: { scope: 'accounts:read' },
      schema: {
        tags: ['accounts'],
        summary:
          'Search accounts: part of an address, an account id, a license key or its last 4+ characters, a team name, a panel user id',
        querystring: z.object({
          q: z.string().max(200).default(''),
          ...paging,
          sort: z.enum(['email', 'createdAt']).default('createdAt'),
          order,
        }),
        response: replies(adminPage(accountSearchRow)),
      },
    },
    async (request) => searchAccounts(deps.db, request.query),
  );

  r.get(
    `${v1}/accounts/:id`,
    {
      config: { scope: 'accounts:read' },
      schema: {
        tags: ['accounts'],
        summary: 'The sign-in health card of one account (the read is recorded)',
        params: idParams,
        response: replies(adminData(healthCardSchema)),
      },
    },
    async (request) => ({ data: await healthCard(deps, request.params.id, actorOf(request)) }),
  );

  type Remedy = (deps: Deps, id: string, context: ActionContext) => Promise<unknown>;
  const remedies: Record<AccountRemedy, [summary: string, answer: z.ZodType, remedy: Remedy]> = {
    disable: ['Disable the account: every session ends, the customer is mailed', remedyAnswers.disabled, disableAccount],
    enable: ['Enable a disabled account again; the customer is mailed', remedyAnswers.disabled, enableAccount],
    'sessions/end': [
      'End every session; apps get a back-channel logout; the customer is mailed',
      remedyAnswers.endSessions,
      endAccountSessions,
    ],
    'verification/resend': [
      'Mail a new verification link to an account that has not confirmed its address',
      remedyAnswers.mailed,
      resendVerificationFor,
    ],
    'password-reset/send': ['Mail the customer a password reset link', remedyAnswers.mailed, sendPasswordReset],
    'two-factor/reset': [
      'Turn off the authenticator and recovery codes of an owner who lost both; the customer is mailed',
      remedyAnswers.twoFactorReset,
      resetTwoFactorFor,
    ],
    'sign-in-pause/clear': [
      'End the run of failed sign-ins that paused signing in with the password',
      remedyAnswers.pauseCleared,
      clearSignInPause,
    ],
  };
  for (const { path, destructive } of accountRemedies) {
    const [summary, answer, remedy] = remedies[path];
    r.post(
      `${v1}/accounts/:id/${path}`,
      {
        config: { scope: 'accounts:write', fresh: destructive },
        schema: { tags: ['remedies'], summary, params: idParams, body: reasonBody, response: replies(adminData(answer)) },
      },
      async (request) => ({ data: await remedy(deps, request.params.id, context(request)) }),
    );
  }

  r.get(
    `${v1}/teams/:id`,
    {
      config: { scope: 'accounts:read' },
      schema: {
        tags: ['teams'],
        summary: 'A team: members, roles, pending invitations, who does not meet its two-factor rule',
        params: idParams,
        response: replies(adminData(adminTeamView)),
      },
    },
    async (request) => ({ data: await teamView(deps, request.params.id, actorOf(request)) }),
  );

  const licenseQuery = z.object({
    plan: z.enum(planNames).optional(),
    status: z.enum(licenseStatuses).optional(),
    expiresBefore: instant.optional(),
    q: z.string().max(200).optional(),
    ...paging,
    sort: z.enum(['createdAt', 'expiresAt']).default('createdAt'),
    order,
  });
  r.get(
    `${v1}/licenses`,
    {
      config: { scope: 'licenses:read' },
      schema: {
        tags: ['licenses'],
        summary: 'Licenses with their holder and team; filters and paging',
        querystring: licenseQuery,
        response: replies(adminPage(licenseDeskRow)),
      },
    },
    async (request) => listLicenseDesk(deps, request.query),
  );
  r.get(
    `${v1}/licenses/export.csv`,
    {
      config: { scope: 'licenses:read' },
      schema: {
        tags: ['licenses'],
        summary: 'The same list as CSV (every page, up to 50 000 rows)',
        querystring: licenseQuery.omit({ page: true, pageSize: true }),
        response: download('CSV: a header line, then one line per license'),
      },
    },
    async (request, reply) => {
      const rows = [];
      for (let page = 1; rows.length < exportLimit; page += 1) {
        const { data } = await listLicenseDesk(deps, { ...request.query, page, pageSize: 100 });
        rows.push(...data);
        if (data.length < 100) break;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="licenses.csv"')
        .send(toCsv(licenseCsvHeader, licensesCsv(rows)));
    },
  );
  r.post(
    `${v1}/licenses`,
    {
      config: { scope: 'licenses:write' },
      schema: {
        tags: ['licenses'],
        summary: 'Create licenses; the keys are answered once',
        body: z.object({
          plan: z.enum(planNames),
          count: z.number().int().min(1).max(1000).default(1),
          kind: z.enum(['standalone', 'platform']).default('standalone'),
          panelId: z.string().max(64).optional(),
          expiresAt: instant.optional(),
          reason: z.string().max(10_000).optional(),
        }),
        response: replies(adminData(licensesIssued)),
      },
    },
    async (request) => {
      const { reason: _, ...input } = request.body;
      if (input.kind === 'platform' && !input.panelId)
        throw badRequest('validation.invalid', { fields: { panelId: 'validation.invalid' } });
      return { data: await issueLicenses(deps, input, context(request)) };
    },
  );
  r.post(
    `${v1}/licenses/:id/revoke`,
    {
      config: { scope: 'licenses:write', fresh: true },
      schema: {
        tags: ['licenses'],
        summary: 'Revoke a license',
        params: idParams,
        body: reasonBody,
        response: replies(adminData(licenseRevoked)),
      },
    },
    async (request) => ({ data: await revokeLicenseById(deps, request.params.id, context(request)) }),
  );
  r.post(
    `${v1}/licenses/:id/extend`,
    {
      config: { scope: 'licenses:write' },
      schema: {
        tags: ['licenses'],
        summary: 'Set a new expiry (null: never expires)',
        params: idParams,
        body: z.object({ expiresAt: instant.nullable(), reason: z.string().max(10_000).optional() }),
        response: replies(adminData(licenseExtended)),
      },
    },
    async (request) => ({ data: await extendLicense(deps, request.params.id, request.body.expiresAt, context(request)) }),
  );

  const auditQuery = z.object({
    accountId: z.string().max(64).optional(),
    actor: z.string().max(320).optional(),
    type: z.string().max(64).optional(),
    from: instant.optional(),
    to: instant.optional(),
  });
  r.get(
    `${v1}/audit`,
    {
      config: { scope: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary: "Customers' events and operators' actions in one stream, newest first",
        querystring: auditQuery.extend(paging),
        response: replies(adminPage(auditEntryView)),
      },
    },
    async (request) => auditStream(deps.db, request.query),
  );
  r.get(
    `${v1}/audit/export`,
    {
      config: { scope: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary: 'The same stream as CSV or JSON Lines (up to 50 000 rows)',
        querystring: auditQuery.extend({ format: z.enum(['csv', 'jsonl']).default('csv') }),
        response: download('CSV, or JSON Lines of the same entries as GET /admin/v1/audit'),
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const { data } = await auditStream(deps.db, { ...filter, page: 1, pageSize: exportLimit });
      return format === 'csv'
        ? reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="audit.csv"')
            .send(auditCsv(data))
        : reply
            .header('content-type', 'application/x-ndjson; charset=utf-8')
            .header('content-disposition', 'attachment; filename="audit.jsonl"')
            .send(auditJsonl(data));
    },
  );
}

import { languages, planNames } from '@gatehouse/contract';
import { z } from 'zod';

const accountId = z.string().describe('The account, as the OIDC `sub`');
const plan = z.enum(planNames);
const limits = z.object({ servers: z.number().nullable(), websites: z.number().nullable() });
const accountFields = {
  accountId,
  email: z.string(),
  firstName: z.string().nullable(),
  familyName: z.string().nullable(),
};

/** How an account with a verified address first came to exist. */
export const creationMethods = ['password', 'code', 'sso', 'passkey', 'panel'] as const;

/**
 * Every event the monitoring backend can receive (decision 055): one entry each, with the schema
 * of its `data` (the worker adds `seq`). Thin on purpose: ids and what a dashboard shows, never a
 * secret or a license key. A new event is one entry here; webhooks.test.ts fails until a test
 * produces it and docs/webhooks.md names it.
 */
export const webhookEvents = {
  'account.created': z.object({ ...accountFields, locale: z.enum(languages), method: z.enum(creationMethods) }),
  'account.updated': z.object(accountFields),
  'account.disabled': z.object({ accountId }),
  'account.enabled': z.object({ accountId }),
  'account.deleted': z.object({ accountId }),
  'session.ended': z.object({ accountId, sid: z.string().describe('The session id, as the back-channel logout token has it') }),
  'license.activated': z.object({ accountId, licenseId: z.string(), plan, limits, expiresAt: z.string().nullable() }),
  'license.revoked': z.object({ accountId, licenseId: z.string(), plan }),
  'license.expired': z.object({ accountId, licenseId: z.string(), plan }),
  'team.member_added': z.object({ accountId, teamId: z.string(), role: z.enum(['owner', 'admin', 'member']) }),
  'team.member_removed': z.object({ accountId, teamId: z.string(), reason: z.enum(['removed', 'left', 'team_deleted']) }),
  'team.deleted': z.object({ accountId: accountId.describe("The team's owner"), teamId: z.string() }),
  'entitlements.changed': z.object({
    accountId,
    plan: plan.nullable(),
    limits: limits.nullable(),
    source: z.enum(['own', 'team', 'none']),
    teamId: z.string().nullable(),
  }),
  'webhook.test': z.object({ endpointId: z.string() }),
} as const;

export type WebhookEventType = keyof typeof webhookEvents;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEvents)[T]>;
export const webhookEventTypes = Object.keys(webhookEvents) as WebhookEventType[];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(webhookEvents, value);
}

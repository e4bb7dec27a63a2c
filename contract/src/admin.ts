// What the admin API answers (decisions 059-061): zod schemas, so the admin listener documents
// and serializes exactly these shapes, and the console and scripts read the types inferred from
// them (the server's services are checked against them).

import { z } from 'zod';
import { actorKinds } from './operators.ts';
import { licenseStatuses, planNames } from './plans.ts';

export const adminPaging = z.object({ page: z.number(), pageSize: z.number(), total: z.number() });
export type AdminPaging = z.infer<typeof adminPaging>;

/** A page of rows and where it is in the whole list. */
export const adminPage = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), paging: adminPaging });
export interface AdminPage<T> {
  data: T[];
  paging: AdminPaging;
}

/** A single answer: `{data}`. */
export const adminData = <T extends z.ZodType>(data: T) => z.object({ data });

const teamRole = z.enum(['owner', 'admin', 'member']);

export const accountMatches = ['email', 'id', 'license', 'team', 'panelUser'] as const;
export type AccountMatch = (typeof accountMatches)[number];

export const accountSearchRow = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  matchedBy: z.array(z.enum(accountMatches)),
});
export type AccountSearchRow = z.infer<typeof accountSearchRow>;

export const auditEntryView = z.object({
  id: z.string(),
  at: z.string(),
  type: z.string(),
  accountId: z.string().nullable(),
  actor: z.object({ kind: z.enum(actorKinds), id: z.string(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
  source: z.enum(['customer', 'operator']),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const healthCardLicense = z.object({
  id: z.string(),
  plan: z.enum(planNames),
  status: z.enum(licenseStatuses),
  source: z.enum(['own', 'team']),
  teamId: z.string().nullable(),
  keySuffix: z.string(),
  expiresAt: z.string().nullable(),
});
export type HealthCardLicense = z.infer<typeof healthCardLicense>;

/** GET /admin/v1/accounts/{id}: everything that decides whether the person can get in. */
export const healthCard = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  signInPaused: z.object({ paused: z.boolean(), failures: z.number(), until: z.string().nullable() }),
  twoFactor: z.object({ enabled: z.boolean() }),
  passkeys: z.number(),
  identities: z.array(
    z.object({ provider: z.string(), email: z.string().nullable(), linkedAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
  panelUsers: z.array(z.object({ panelId: z.string(), panelUserId: z.string() })),
  teams: z.array(z.object({ id: z.string(), name: z.string(), role: teamRole, twoFactorRequired: z.boolean(), withheld: z.boolean() })),
  license: healthCardLicense.nullable(),
  sessions: z.number(),
  connectedApps: z.array(z.object({ id: z.string(), name: z.string(), signedInAt: z.string(), lastUsedAt: z.string() })),
  lastSignInAt: z.string().nullable(),
  recentEvents: z.array(auditEntryView),
});
export type HealthCard = z.infer<typeof healthCard>;

/** What each remedy on an account answers: the account and what was done. */
export const remedyAnswers = {
  disabled: z.object({ id: z.string(), disabled: z.boolean() }),
  endSessions: z.object({ id: z.string(), sessionsEnded: z.number() }),
  mailed: z.object({ id: z.string(), mailed: z.boolean() }),
  twoFactorReset: z.object({ id: z.string(), twoFactorReset: z.boolean() }),
  pauseCleared: z.object({ id: z.string(), cleared: z.boolean() }),
};

export const licenseDeskRow = z.object({
  id: z.string(),
  keySuffix: z.string(),
  plan: z.enum(planNames),
  kind: z.enum(['standalone', 'platform']),
  panelId: z.string().nullable(),
  status: z.enum(licenseStatuses),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  holder: z.object({ id: z.string(), email: z.string() }).nullable(),
  teamId: z.string().nullable(),
});
export type LicenseDeskRow = z.infer<typeof licenseDeskRow>;

/** POST /admin/v1/licenses: the keys, answered once. */
export const licensesIssued = z.object({ keys: z.array(z.string()) });
export const licenseRevoked = z.object({ id: z.string(), status: z.literal('revoked') });
export const licenseExtended = z.object({ id: z.string(), expiresAt: z.string().nullable() });

export const adminTeamView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  ownerName: z.string(),
  ownerId: z.string(),
  createdAt: z.string(),
  twoFactor: z.object({ required: z.boolean(), graceDays: z.number(), deadline: z.string().nullable() }),
  members: z.array(
    z.object({
      accountId: z.string(),
      email: z.string(),
      role: teamRole,
      joinedAt: z.string(),
      secondFactor: z.boolean(),
      meetsTwoFactorRule: z.boolean(),
    }),
  ),
  pendingInvitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      role: z.enum(['admin', 'member']),
      invitedBy: z.string().nullable(),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type AdminTeamView = z.infer<typeof adminTeamView>;

/** A webhook endpoint (decision 055); its secret is never shown again after it is made or rotated. */
export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()).nullable().describe('The event types it asked for; null: every event'),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  listener: z.boolean().describe('Made by `webhook listen`, which alone delivers to it'),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

/** POST /admin/v1/webhooks: the signing secret, answered once. */
export const webhookCreated = z.object({ id: z.string(), secret: z.string() });
/** POST …/rotate-secret: the new secret, answered once; the previous one signs too until `previousUntil`. */
export const webhookSecretRotated = z.object({ id: z.string(), secret: z.string(), previousUntil: z.string() });
export const webhookRemoved = z.object({ id: z.string(), removed: z.boolean() });
export const webhookTestSent = z.object({ eventId: z.string() });
export const webhookReplayed = z.object({ replayed: z.number() });

/** One line of an endpoint's delivery log (the last 30 days). */
export const webhookDeliveryRow = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  seq: z.number(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().nullable(),
  nextAttemptAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

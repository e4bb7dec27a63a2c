// What the admin API answers (decisions 059-061): types only, so the console and scripts read
// the same shapes the server writes (the server's services are checked against them).

import type { ActorKind } from './operators.ts';
import type { LicenseStatus, Plan } from './plans.ts';

export interface AdminPaging {
  page: number;
  pageSize: number;
  total: number;
}

export interface AdminPage<T> {
  data: T[];
  paging: AdminPaging;
}

export type AccountMatch = 'email' | 'id' | 'license' | 'team' | 'panelUser';

export interface AccountSearchRow {
  id: string;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  createdAt: string;
  matchedBy: AccountMatch[];
}

export interface AuditEntryView {
  id: string;
  at: string;
  type: string;
  accountId: string | null;
  actor: { kind: ActorKind; id: string; name: string } | null;
  ip: string | null;
  reason: string | null;
  source: 'customer' | 'operator';
}

export interface HealthCardLicense {
  id: string;
  plan: Plan;
  status: LicenseStatus;
  source: 'own' | 'team';
  teamId: string | null;
  keySuffix: string;
  expiresAt: string | null;
}

/** GET /admin/v1/accounts/{id}: everything that decides whether the person can get in. */
export interface HealthCard {
  id: string;
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  createdAt: string;
  disabled: boolean;
  disabledAt: string | null;
  signInPaused: { paused: boolean; failures: number; until: string | null };
  twoFactor: { enabled: boolean };
  passkeys: number;
  identities: { provider: string; email: string | null; linkedAt: string; lastUsedAt: string | null }[];
  panelUsers: { panelId: string; panelUserId: string }[];
  teams: { id: string; name: string; role: 'owner' | 'admin' | 'member'; twoFactorRequired: boolean; withheld: boolean }[];
  license: HealthCardLicense | null;
  sessions: number;
  connectedApps: { id: string; name: string; signedInAt: string; lastUsedAt: string }[];
  lastSignInAt: string | null;
  recentEvents: AuditEntryView[];
}

export interface LicenseDeskRow {
  id: string;
  keySuffix: string;
  plan: Plan;
  kind: 'standalone' | 'platform';
  panelId: string | null;
  status: LicenseStatus;
  createdAt: string;
  activatedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  holder: { id: string; email: string } | null;
  teamId: string | null;
}

export interface AdminTeamView {
  id: string;
  name: string | null;
  ownerName: string;
  ownerId: string;
  createdAt: string;
  twoFactor: { required: boolean; graceDays: number; deadline: string | null };
  members: {
    accountId: string;
    email: string;
    role: 'owner' | 'admin' | 'member';
    joinedAt: string;
    secondFactor: boolean;
    meetsTwoFactorRule: boolean;
  }[];
  pendingInvitations: {
    id: string;
    email: string;
    role: 'admin' | 'member';
    invitedBy: string | null;
    createdAt: string;
    expiresAt: string;
  }[];
}

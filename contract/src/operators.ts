// The admin API's permissions (decision 060): scopes, and the operators' roles as fixed bundles
// of them. One registry: the server's route guard, the CLI and the console read it.

/**
 * What an admin token may carry, and every scope but the owner's own powers (operators, tokens),
 * which are never given to a script. The webhooks' scopes are: a deployment registers its receiver; only an owner's token
 * (or one made at the CLI) holds them, as only the owner's role has them.
 */
export const tokenScopes = [
  'accounts:read',
  'accounts:write',
  'licenses:read',
  'licenses:write',
  'audit:read',
  'webhooks:read',
  'webhooks:write',
] as const;

/** Every scope: a token's, and the owner's own powers. */
export const adminScopes = [...tokenScopes, 'operators:write', 'tokens:write'] as const;

export type AdminScope = (typeof adminScopes)[number];

export const operatorRoles = ['owner', 'support', 'finance', 'readonly'] as const;

export type OperatorRole = (typeof operatorRoles)[number];

const reads = ['accounts:read', 'licenses:read', 'audit:read'] as const satisfies readonly AdminScope[];

export const roleScopes: Record<OperatorRole, readonly AdminScope[]> = {
  readonly: reads,
  support: [...reads, 'accounts:write'],
  finance: [...reads, 'licenses:write'],
  // Webhook endpoints receive every account's events: the owner's alone (decision 064).
  owner: adminScopes,
};

export function isAdminScope(value: string): value is AdminScope {
  return (adminScopes as readonly string[]).includes(value);
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (operatorRoles as readonly string[]).includes(value);
}

/** Who did an operator's action (`actor` in the audit stream). */
export const actorKinds = ['operator', 'token', 'cli'] as const;
export type ActorKind = (typeof actorKinds)[number];

/** The longest reason an operator may give for an action. */
export const reasonMaxLength = 500;

/**
 * The account remedies of the admin API (`POST /admin/v1/accounts/{id}/<path>`), one registry for
 * the server's routes, the console's buttons and their texts. `destructive`: it takes something
 * from the customer or lowers their protection, so the console asks for a fresh proof first
 * (decision 062).
 */
export const accountRemedies = [
  { path: 'disable', destructive: true },
  { path: 'enable', destructive: false },
  { path: 'sessions/end', destructive: true },
  { path: 'verification/resend', destructive: false },
  { path: 'password-reset/send', destructive: false },
  { path: 'two-factor/reset', destructive: true },
  { path: 'sign-in-pause/clear', destructive: true },
] as const;

export type AccountRemedy = (typeof accountRemedies)[number]['path'];

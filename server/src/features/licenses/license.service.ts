import { type LicensePreview, type LicenseStatus, type LicenseView, type Plan, plans } from '@gatehouse/contract';
import type { Db } from '../../db/database.ts';
import type { License } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { type Clock, iso } from '../../lib/clock.ts';
import { newId, randomLicenseKey, sha256 } from '../../lib/crypto.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { isPanelAccount } from '../panels/panel.repository.ts';
import { holderAndTeam, syncEntitlements } from '../webhooks/account-events.ts';
import { emitEvent } from '../webhooks/emit.ts';
import {
  assignLicense,
  findLicenseByAccount,
  findLicenseByHash,
  insertLicense,
  listLicenses,
  revokeLicenseByHash,
} from './license.repository.ts';

export function licenseStatus(license: Pick<License, 'revoked_at' | 'expires_at' | 'account_id'>, now: Date): LicenseStatus {
  if (license.revoked_at) return 'revoked';
  if (license.expires_at && license.expires_at <= iso(now)) return 'expired';
  return license.account_id ? 'active' : 'available';
}

/** What a key shows before activation: plan and status, never who holds it. */
export function toLicensePreview(license: License, now: Date): LicensePreview {
  const plan = license.plan as Plan;
  return { plan, kind: license.kind, status: licenseStatus(license, now), limits: { ...plans[plan] }, expiresAt: license.expires_at };
}

export function toLicenseView(license: License, now: Date): LicenseView {
  return { ...toLicensePreview(license, now), keySuffix: license.key_suffix, activatedAt: license.activated_at };
}

export async function previewLicense(deps: Deps, key: string, caller: Caller): Promise<LicensePreview> {
  await deps.limits.lookup(caller.ip);
  const license = await findLicenseByHash(deps.db, sha256(key));
  if (!license) throw notFound('license.not_found');
  return toLicensePreview(license, deps.clock.now());
}

export async function currentLicense(deps: Pick<Deps, 'db' | 'clock'>, accountId: string): Promise<LicenseView | null> {
  const license = await findLicenseByAccount(deps.db, accountId);
  return license ? toLicenseView(license, deps.clock.now()) : null;
}

/**
 * Activates a key for an account. Idempotent for its holder; of concurrent activations by
 * different accounts exactly one wins (a conditional update plus a unique index). A platform
 * key needs a call from the installation it was issued to (`caller.panel`: its apiKey, checked
 * by the signed-in guard), and an account linked to one of that installation's users (a
 * control-panel sign-up or sign-in made the link).
 */
export async function activateLicense(deps: Deps, accountId: string, key: string, caller: Caller): Promise<LicenseView> {
  await deps.limits.lookup(caller.ip);
  const now = deps.clock.now();
  const license = await findLicenseByHash(deps.db, sha256(key));
  if (!license) throw notFound('license.not_found');
  if (license.account_id === accountId) return toLicenseView(license, now);
  const status = licenseStatus(license, now);
  if (status === 'revoked') throw conflict('license.revoked');
  if (status === 'expired') throw conflict('license.expired');
  if (status === 'active') throw conflict('license.taken');
  if (license.kind === 'platform') {
    // Typed in outside a panel: platform licenses are activated from inside their hosting panel.
    const panel = caller.panel;
    if (!panel) throw new AppError(403, 'license.activation_failed');
    if (license.panel_id !== panel.id || !(await isPanelAccount(deps.db, panel.id, accountId))) {
      throw new AppError(403, 'license.wrong_panel');
    }
  }
  if (await findLicenseByAccount(deps.db, accountId)) throw conflict('license.account_has_license');

  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (!(await assignLicense(trx, license.id, accountId, iso(now)))) throw conflict('license.taken');
      await recordAuthEvent(trx, { accountId, type: 'license_activated', ip: caller.ip, at: iso(now) });
      const preview = toLicensePreview(license, now);
      await emitEvent(trx, deps.clock, 'license.activated', {
        accountId,
        licenseId: license.id,
        plan: preview.plan,
        limits: preview.limits,
        expiresAt: license.expires_at,
      });
      await syncEntitlements(trx, deps.clock, await holderAndTeam(trx, accountId));
      return toLicenseView({ ...license, account_id: accountId, activated_at: iso(now) }, now);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The unique index on licenses.account_id: the same account won a parallel activation.
    if (await findLicenseByAccount(deps.db, accountId)) throw conflict('license.account_has_license');
    throw error;
  }
}

export interface NewLicenses {
  plan: Plan;
  count: number;
  kind: 'standalone' | 'platform';
  panelId?: string;
  expiresAt?: string;
}

/** Creates licenses for the admin CLI; the keys are returned once and only their hashes kept. */
export async function createLicenses(db: Db, clock: Clock, input: NewLicenses): Promise<string[]> {
  const keys = Array.from({ length: input.count }, randomLicenseKey);
  const now = iso(clock.now());
  await db.transaction().execute(async (trx) => {
    for (const key of keys) {
      await insertLicense(trx, {
        id: newId(),
        key_hash: sha256(key),
        key_suffix: key.slice(-4),
        plan: input.plan,
        kind: input.kind,
        panel_id: input.panelId ?? null,
        revoked_at: null,
        expires_at: input.expiresAt ?? null,
        account_id: null,
        activated_at: null,
        created_at: now,
      });
    }
  });
  return keys;
}

/** Every license with the address it is activated for (the admin CLI). */
export function listAllLicenses(db: Db) {
  return listLicenses(db);
}

/** Revokes the license with this key (the admin CLI); false when no active license has it. */
export function revokeLicense(db: Db, clock: Clock, key: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await revokeLicenseByHash(trx, sha256(key), iso(clock.now())))) return false;
    const license = await findLicenseByHash(trx, sha256(key));
    if (license?.account_id) {
      await emitEvent(trx, clock, 'license.revoked', { accountId: license.account_id, licenseId: license.id, plan: license.plan });
      await syncEntitlements(trx, clock, await holderAndTeam(trx, license.account_id));
    }
    return true;
  });
}

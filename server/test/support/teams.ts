import assert from 'node:assert/strict';
import type { AssignableRole, Language } from '@gatehouse/contract';
import { findOwnTeam, insertInvitation } from '../../src/features/teams/team.repository.ts';
import { addMs, iso } from '../../src/lib/clock.ts';
import { newId, randomToken, sha256 } from '../../src/lib/crypto.ts';
import { signedInAccount } from './accounts.ts';
import type { TestClient } from './http-client.ts';
import { linkIn } from './smtp.ts';
import type { TestApp } from './test-app.ts';

export const teamPassword = 'Team spirit 2026 rocks';
export { freshEmail } from './accounts.ts';

/** A signed-in person with a complete account (and so a team of their own). */
export async function person(t: TestApp, hash: string, prefix = 'person', locale: Language = 'en') {
  const signedIn = await signedInAccount(t, { hash, password: teamPassword, prefix, locale });
  const team = await findOwnTeam(t.deps.db, signedIn.id);
  assert.ok(team, 'every account owns a team');
  return { ...signedIn, teamId: team.id };
}

export function invite(client: TestClient, email: string, role: AssignableRole = 'member', teamId?: string) {
  return client.post('/team/invitations', { email, role, ...(teamId ? { teamId } : {}) });
}

/** The token of the newest invitation mail to an address, read from the real SMTP listener. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/signup?invitation='));
  return linkIn(mail, `${t.url}/signup?`).searchParams.get('invitation') ?? '';
}

/**
 * An invitation written straight to the database (no mail, so no mail limit used): for tests
 * of what happens to an invitation that exists, apart from how it was sent.
 */
export async function seedInvitation(
  t: TestApp,
  teamId: string,
  email: string,
  options: { role?: AssignableRole; inviterId?: string; expiresInMs?: number } = {},
): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const id = newId();
  const now = t.deps.clock.now();
  await insertInvitation(t.deps.db, {
    id,
    team_id: teamId,
    email,
    email_key: email.toLowerCase(),
    role: options.role ?? 'member',
    inviter_account_id: options.inviterId ?? null,
    token_hash: sha256(token),
    created_at: iso(now),
    expires_at: iso(addMs(now, options.expiresInMs ?? 7 * 86_400_000)),
    accepted_at: null,
    accepted_by: null,
    revoked_at: null,
    claimed_by: null,
  });
  return { id, token };
}

/** The caller's own team as GET /team shows it. */
export async function ownTeam(client: TestClient) {
  const answer = await client.get('/team');
  assert.equal(answer.status, 200, answer.text);
  return answer.json.data.teams[0];
}

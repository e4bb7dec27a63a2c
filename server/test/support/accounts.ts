import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type { Language } from '@gatehouse/contract';
import type { Db } from '../../src/db/database.ts';
import type { Account } from '../../src/db/schema.ts';
import { insertAccountOrGetExisting, updateAccount } from '../../src/features/accounts/account.repository.ts';
import { iso } from '../../src/lib/clock.ts';
import type { TestClient } from './http-client.ts';
import { linkIn } from './smtp.ts';
import type { TestApp } from './test-app.ts';

// From a random point: limits kept in the shared Redis outlive a test process, and another
// run (or another checkout's) on this machine must not find its addresses already counted.
let lastIp = randomInt(2 ** 24 - 2 ** 20);

/**
 * A new client address for each simulated person. Apps started with TRUST_PROXY=127.0.0.1 take
 * it from X-Forwarded-For, so per-IP limits of one test do not spill into the next.
 */
export function nextIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

/** A browser of its own, coming from its own address. */
export function visitor(t: TestApp, headers: Record<string, string> = {}): TestClient {
  return t.client({ 'x-forwarded-for': nextIp(), ...headers });
}

/** Signs up, verifies from the mailed link and sets the password, all through HTTP; the client ends signed in. */
export async function registerAccount(t: TestApp, client: TestClient, email: string, password: string): Promise<{ id: string }> {
  const signup = await client.post('/user/signup', { email, dataProcessingConsent: true });
  assert.equal(signup.status, 200, signup.text);
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/activate-email?'));
  const token = linkIn(mail, `${t.url}/activate-email?`).searchParams.get('token') ?? '';
  const verified = await client.post('/user/verify-email', { token, email });
  assert.equal(verified.status, 200, verified.text);
  const set = await client.post('/user/set-password', { email, password, token: verified.json.data.token });
  assert.equal(set.status, 200, set.text);
  return { id: set.json.data.id };
}

/**
 * An account written straight to the database, for tests that need many of them or one in a
 * given state (pending: no password yet). The flows themselves are tested through HTTP.
 */
export async function seedAccount(
  t: Pick<TestApp, 'deps'>,
  email: string,
  options: { passwordHash?: string | null } = {},
): Promise<Account> {
  const now = iso(t.deps.clock.now());
  const { account } = await insertAccountOrGetExisting(t.deps.db, {
    email,
    locale: 'en',
    now,
    email_verified_at: options.passwordHash ? now : null,
    password_hash: options.passwordHash ?? null,
    password_changed_at: options.passwordHash ? now : null,
  });
  return account;
}

let addresses = 0;

/** A fresh address no other test (or run on the same database server) uses. */
export function freshEmail(prefix: string): string {
  addresses += 1;
  return `${prefix}.${addresses}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A signed-in person with a complete account at a fresh address; `hash` is the suite's hash of `password`. */
export async function signedInAccount(t: TestApp, login: { hash: string; password: string; prefix: string; locale?: Language }) {
  const email = freshEmail(login.prefix);
  const account = await seedAccount(t, email, { passwordHash: login.hash });
  if (login.locale && login.locale !== account.locale) await updateAccount(t.deps.db, account.id, { locale: login.locale });
  return { email, id: account.id, client: await signIn(t, email, login.password) };
}

/** Signs a fresh visitor in with form data, as the seed's client does; fails the test otherwise. */
export async function signIn(t: TestApp, email: string, password: string): Promise<TestClient> {
  const client = visitor(t);
  const response = await client.postForm('/signin', { email, password });
  assert.equal(response.status, 200, response.text);
  return client;
}

const tables = [
  'accounts',
  'consents',
  'sessions',
  'one_time_tokens',
  'panels',
  'licenses',
  'brands',
  'mail_outbox',
  'auth_events',
] as const;

/** Every row of every table (but those left out) as one string, to prove a secret is stored nowhere. */
export async function dumpDatabase(db: Db, leaveOut: ReadonlyArray<(typeof tables)[number]> = []): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    if (leaveOut.includes(table)) continue;
    parts.push(JSON.stringify(await db.selectFrom(table).selectAll().execute()));
  }
  return parts.join('\n');
}

/** The header lines of an answer, but those that differ by nature (Date). */
export function headerLines(headers: Headers): string[] {
  return [...headers]
    .filter(([name]) => name !== 'date')
    .map(([name, value]) => `${name}: ${value}`)
    .sort();
}

/**
 * Waits until a condition holds (the outbox worker runs on its own). The deadline only ends a
 * wait that failed: it is generous, so a machine under load cannot reach it by being slow.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The links and codes of an address not yet used: what a password write must leave none of. */
export function liveTokensOf(db: Db, emailKey: string): Promise<{ id: string; purpose: string }[]> {
  return db
    .selectFrom('one_time_tokens')
    .innerJoin('accounts', 'accounts.id', 'one_time_tokens.account_id')
    .select(['one_time_tokens.id', 'one_time_tokens.purpose'])
    .where('accounts.email_key', '=', emailKey)
    .where('consumed_at', 'is', null)
    .execute();
}

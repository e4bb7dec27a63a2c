import type { PasskeyAssertion, PasskeyOptions, PasskeyRegistration, PasskeyView } from '@gatehouse/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type VerifiedRegistrationResponse,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { DbOrTx } from '../../db/database.ts';
import type { Account, Passkey, PasskeyPurpose } from '../../db/schema.ts';
import type { Caller, Deps } from '../../deps.ts';
import { iso } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { withMail } from '../../mail/mail-transaction.ts';
import { findAccountById, lockAccount } from '../accounts/account.repository.ts';
import { recordAuthEvent } from '../audit/audit.repository.ts';
import { clearFailures } from '../auth/account-run.ts';
import type { Amr } from '../auth/proof.ts';
import { finishWayIn } from '../auth/session.service.ts';
import { describeUserAgent } from '../auth/user-agent.ts';
import { getBrand } from '../brands/brand.service.ts';
import { confirmOwner, type OwnerProof, type SignedIn } from '../settings/settings-access.ts';
import { refuseLastWayIn } from '../ways-in/last-way-in.ts';
import { notifyWayIn } from '../ways-in/notice.ts';
import { syncEntitlements } from '../webhooks/account-events.ts';
import {
  advancePasskey,
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  listPasskeys,
  updatePasskey,
} from './passkey.repository.ts';
import { ceremonyTimeoutMs, keepChallenge, type PasskeySite, refuse, takeChallenge } from './passkey-ceremony.ts';

/** Enough for a phone, a laptop and a few security keys; a bound on what one account can store. */
export const passkeyLimit = 10;

export function toPasskeyView(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    host: passkey.host,
    createdAt: passkey.created_at,
    lastUsedAt: passkey.last_used_at,
    synced: passkey.backed_up === 1,
  };
}

/** What a passkey proved (decision 045): with the person verified on the device, two factors. */
export const passkeyProof = (userVerified: boolean): Amr[] => (userVerified ? ['hwk', 'user', 'mfa'] : ['hwk']);

/** The options of a new passkey for the account, on this host: resident (it signs in without an address), never twice the same. */
export async function creationOptions(deps: Deps, account: Account, site: PasskeySite, purpose: PasskeyPurpose) {
  const existing = (await listPasskeys(deps.db, account.id)).filter((passkey) => passkey.host === site.host);
  const brand = await getBrand(deps.db, deps.config, site.host);
  const options = await generateRegistrationOptions({
    rpName: brand.brandName,
    rpID: site.host,
    userName: account.email,
    userID: new TextEncoder().encode(account.id),
    userDisplayName: [account.first_name, account.family_name].filter(Boolean).join(' ') || account.email,
    attestationType: 'none',
    timeout: ceremonyTimeoutMs,
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(deps, site, purpose, options.challenge, account.id);
  return asOptions(options);
}

/** The library's options as the JSON object they are (its interfaces declare no index signature). */
const asOptions = (options: { challenge: string }) => options as PasskeyOptions;

const transportsOf = (passkey: Passkey) => (passkey.transports ? passkey.transports.split(' ') : undefined);

/** The registry's proof for a change to the account's passkeys (decision 050). */
const proveOwner = (deps: Deps, signedIn: SignedIn, action: 'add' | 'change', proof: OwnerProof, caller: Caller) =>
  confirmOwner(deps, signedIn, { wayIn: 'passkey', action }, proof, 'passkey_code', caller);

/** Adding a passkey in the settings starts after the proof. */
export async function addOptions(deps: Deps, signedIn: SignedIn, proof: OwnerProof, site: PasskeySite, caller: Caller) {
  const { account } = signedIn;
  if ((await listPasskeys(deps.db, account.id)).length >= passkeyLimit) throw badRequest('passkey.limit');
  await proveOwner(deps, signedIn, 'add', proof, caller);
  return creationOptions(deps, account, site, 'register');
}

type Registered = Extract<VerifiedRegistrationResponse, { verified: true }>['registrationInfo'];

/** Takes the challenge and checks the browser's answer; every refusal is in the audit log. */
export async function verifyCreation(
  deps: Deps,
  response: PasskeyRegistration,
  site: PasskeySite,
  purpose: PasskeyPurpose,
  accountId: string,
  caller: Caller,
): Promise<Registered> {
  const taken = await takeChallenge(deps.db, deps, site, purpose, response.response.clientDataJSON);
  if (!taken || taken.accountId !== accountId) return refuse(deps, 'passkey.expired', accountId, caller);
  try {
    const verified = await verifyRegistrationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge: taken.challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.host,
      requireUserVerification: false,
    });
    if (verified.verified) return verified.registrationInfo;
  } catch {}
  return refuse(deps, 'passkey.invalid', accountId, caller);
}

/** Stores a verified passkey for the account, named after the device unless the person named it. */
export async function storePasskey(
  db: DbOrTx,
  deps: Pick<Deps, 'clock'>,
  input: { accountId: string; registered: Registered; site: PasskeySite; name?: string | undefined; caller: Caller },
): Promise<Passkey> {
  const { registered, caller } = input;
  if (await findPasskeyByCredential(db, registered.credential.id)) throw badRequest('passkey.already_added');
  const device = describeUserAgent(caller.userAgent ?? null);
  const passkey: Passkey = {
    id: newId(),
    account_id: input.accountId,
    credential_id: registered.credential.id,
    host: input.site.host,
    public_key: isoBase64URL.fromBuffer(registered.credential.publicKey),
    counter: registered.credential.counter,
    transports: (registered.credential.transports ?? []).join(' '),
    user_verified: registered.userVerified ? 1 : 0,
    backed_up: registered.credentialBackedUp ? 1 : 0,
    name: input.name ?? ([device.browser, device.os].filter(Boolean).join(', ') || 'Passkey'),
    created_at: iso(deps.clock.now()),
    last_used_at: null,
  };
  await insertPasskey(db, passkey);
  return passkey;
}

export async function addPasskey(
  deps: Deps,
  account: Account,
  input: { response: PasskeyRegistration; name?: string | undefined },
  site: PasskeySite,
  caller: Caller,
): Promise<PasskeyView> {
  const registered = await verifyCreation(deps, input.response, site, 'register', account.id, caller);
  return withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    if ((await listPasskeys(trx, account.id)).length >= passkeyLimit) throw badRequest('passkey.limit');
    const passkey = await storePasskey(trx, deps, { accountId: account.id, registered, site, name: input.name, caller });
    await recordAuthEvent(trx, { accountId: account.id, type: 'passkey_added', ip: caller.ip, at: passkey.created_at });
    await notifyWayIn(deps, mail, account, 'passkey', 'added', passkey.name);
    // One made with the person verified is a second factor (decision 056).
    await syncEntitlements(trx, deps.clock, [account.id]);
    return toPasskeyView(passkey);
  });
}

export async function passkeysOf(deps: Deps, accountId: string): Promise<PasskeyView[]> {
  return (await listPasskeys(deps.db, accountId)).map(toPasskeyView);
}

/** The account's passkey of this id, or 404 before any proof is judged (nothing to guess against). */
async function ownPasskey(db: DbOrTx, accountId: string, id: string): Promise<Passkey> {
  const passkey = (await listPasskeys(db, accountId)).find((candidate) => candidate.id === id);
  if (!passkey) throw notFound('passkey.not_found');
  return passkey;
}

/** Renames a passkey after the same proof as adding one: a name is what the owner recognises it by. */
export async function renamePasskey(deps: Deps, signedIn: SignedIn, id: string, input: OwnerProof & { name: string }, caller: Caller) {
  const accountId = signedIn.account.id;
  await ownPasskey(deps.db, accountId, id);
  await proveOwner(deps, signedIn, 'change', input, caller);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await updatePasskey(trx, accountId, id, { name: input.name }))) throw notFound('passkey.not_found');
    await recordAuthEvent(trx, { accountId, type: 'passkey_renamed', ip: caller.ip, at: iso(deps.clock.now()) });
  });
}

/**
 * Removes a passkey after the same proof as adding one, unless it is the account's last way in
 * (decision 048, as for single sign-on); the owner is mailed.
 */
export async function removePasskey(deps: Deps, signedIn: SignedIn, id: string, proof: OwnerProof, caller: Caller): Promise<void> {
  const { account } = signedIn;
  await ownPasskey(deps.db, account.id, id);
  // Checked again under the lock below; first here, so nobody proves anything for a change refused anyway.
  await refuseLastWayIn(deps.db, account.id, 'passkey.last_method');
  await proveOwner(deps, signedIn, 'change', proof, caller);
  await withMail(deps, caller.host, async (trx, mail) => {
    await lockAccount(trx, account.id);
    const passkey = await ownPasskey(trx, account.id, id);
    await refuseLastWayIn(trx, account.id, 'passkey.last_method');
    await deletePasskey(trx, account.id, id);
    await recordAuthEvent(trx, { accountId: account.id, type: 'passkey_removed', ip: caller.ip, at: iso(deps.clock.now()) });
    await notifyWayIn(deps, mail, account, 'passkey', 'removed', passkey.name);
    await syncEntitlements(trx, deps.clock, [account.id]);
  });
}

/** The options of a sign-in: no address asked, no passkey named, so nothing can be enumerated; the browser offers this host's. */
export async function signinOptions(deps: Deps, site: PasskeySite) {
  const options = await generateAuthenticationOptions({ rpID: site.host, userVerification: 'preferred', timeout: ceremonyTimeoutMs });
  await keepChallenge(deps, site, 'signin', options.challenge);
  return asOptions(options);
}

/**
 * Signs in with a passkey of this host. Refused, each in the audit log: an unknown passkey or one
 * made on another host, a challenge already used, expired or from another browser (a replay), a
 * signature or origin that does not verify, a counter that went back (a cloned authenticator).
 * A passkey proved who it is: it ends the account's run of failed sign-ins, as single sign-on does.
 */
export async function signInWithPasskey(deps: Deps, response: PasskeyAssertion, site: PasskeySite, caller: Caller) {
  await deps.limits.lookup(caller.ip);
  const passkey = await findPasskeyByCredential(deps.db, response.id);
  if (!passkey || passkey.host !== site.host) return refuse(deps, 'passkey.unknown', passkey?.account_id ?? null, caller);
  const taken = await takeChallenge(deps.db, deps, site, 'signin', response.response.clientDataJSON);
  if (!taken) return refuse(deps, 'passkey.expired', passkey.account_id, caller);
  const account = await findAccountById(deps.db, passkey.account_id);
  // Deleted since its passkey was looked up; a disabled account is told so once the passkey is
  // verified, where every way in finishes (finishWayIn).
  if (!account) return refuse(deps, 'passkey.unknown', null, caller);
  const checked = await verifyAssertion(deps, passkey, response, site, taken.challenge, caller);
  const signedIn = await deps.db.transaction().execute(async (trx) => {
    const now = iso(deps.clock.now());
    // From the counter this assertion was judged against: of two sign-ins of a cloned
    // authenticator at once, only one moves it on.
    const moved = await advancePasskey(trx, passkey, {
      counter: checked.newCounter,
      backed_up: checked.credentialBackedUp ? 1 : 0,
      last_used_at: now,
    });
    if (!moved) return undefined;
    // Without the person verified on the device, an account with a second factor is asked for it.
    const started = await finishWayIn(trx, deps, account, caller, passkeyProof(checked.userVerified));
    return { account, started };
  });
  if (!signedIn) return refuse(deps, 'passkey.counter_regressed', passkey.account_id, caller);
  // As for a password: a passkey that still owes the second factor ends no run of failures.
  if (signedIn.started.kind === 'session') await clearFailures(deps, account.email, caller);
  return signedIn;
}

async function verifyAssertion(
  deps: Deps,
  passkey: Passkey,
  response: PasskeyAssertion,
  site: PasskeySite,
  challenge: string,
  caller: Caller,
) {
  let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>['authenticationInfo'] | undefined;
  try {
    // The library's own counter check is replaced by the one below, which can say what went wrong.
    const credential = {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: 0,
      transports: transportsOf(passkey),
    };
    const verified = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: {} },
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.host,
      credential,
      requireUserVerification: false,
    });
    if (verified.verified) info = verified.authenticationInfo;
  } catch {}
  if (!info) return refuse(deps, 'passkey.invalid', passkey.account_id, caller);
  // Authenticators that keep no counter always say 0; one that does must count up.
  if ((info.newCounter > 0 || passkey.counter > 0) && info.newCounter <= passkey.counter) {
    return refuse(deps, 'passkey.counter_regressed', passkey.account_id, caller);
  }
  return info;
}

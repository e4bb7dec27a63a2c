import type { AssignableRole, Language, Plan } from '@gatehouse/contract';
import type { App } from '../../src/app.ts';
import { nextIp } from './accounts.ts';
import { fixturePassword, type MadeFixture, makeAccountFixture } from './fixtures.ts';
import type { CapturedMail } from './smtp.ts';
import { totpAt } from './totp.ts';
import { signInWithTwoFactorsDirectly } from './two-factor.ts';

/**
 * A team in a given state, for the browser suite's state level (decision 054): its owner with a
 * license and a name, members who accepted their invitations, invitations still pending (with the
 * token their mail carries), the team's two-factor rule, and whoever the state shows signed in.
 * Made through the app's own routes by inject; only a member's second factor is written directly
 * (an authenticator app's confirmation is another party's ceremony).
 */
export interface TeamFixture {
  language?: Language;
  /** The team's name; none leaves it unnamed. */
  name?: string;
  /** The owner's first and family name. */
  ownerNames?: [string, string];
  /** The owner's license, activated (a team needs one to invite). */
  plan?: Plan;
  /** The owner has a second factor, and the session proved with it. */
  ownerTwoFactor?: boolean;
  /** Members who accepted their invitations, in this order; `address` begins one's address (grace.hopper+…), which its avatar's initials come from. */
  members?: { role?: AssignableRole; twoFactor?: boolean; address?: string }[];
  /** Invitations still pending, in this order: to a new address, or to one that has an account. */
  invitations?: { role?: AssignableRole; account?: boolean }[];
  /** The team requires two-factor; the grace, 7 days unless given (0 ends it at once). */
  requireTwoFactor?: boolean;
  graceDays?: number;
  /** Who is signed in when it is made: the owner (the default), a member by index, or nobody. */
  signedIn?: 'owner' | { member: number } | false;
}

export interface MadeTeam {
  owner: MadeFixture;
  members: MadeFixture[];
  invitations: { email: string; token: string }[];
  /** The session cookie of whoever is signed in. */
  cookie?: { name: string; value: string };
}

/** The newest invitation mail to an address, as the SMTP listener received it. */
export type MailsTo = (email: string) => Promise<CapturedMail>;

/** The token an invitation mail carries in its link (/signup?invitation=…). */
export function invitationTokenIn(mail: CapturedMail): string {
  const token = /[?&]invitation=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in:\n${mail.text}`);
  return token;
}

export async function makeTeamFixture(
  app: App,
  email: (who: string) => string,
  invitationMail: MailsTo,
  options: TeamFixture = {},
): Promise<MadeTeam> {
  const language = options.language ?? 'en';
  const ip = nextIp();
  const call = async (method: 'POST' | 'PATCH', url: string, payload: object | undefined, made: MadeFixture) => {
    if (!made.cookie) throw new Error(`${made.email} is not signed in`);
    const response = await app.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { 'x-forwarded-for': ip, 'sec-fetch-site': 'same-origin', cookie: `${made.cookie.name}=${made.cookie.value}` },
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  const owner = await makeAccountFixture(app, email('owner'), {
    language,
    ...(options.ownerNames ? { names: options.ownerNames } : {}),
    license: options.plan ?? 'business',
  });
  if (options.name) await call('PATCH', '/team', { name: options.name }, owner);
  const invite = async (address: string, role: AssignableRole = 'member') => {
    await call('POST', '/team/invitations', { email: address, role }, owner);
    return invitationTokenIn(await invitationMail(address));
  };

  const members: MadeFixture[] = [];
  for (const [index, member] of (options.members ?? []).entries()) {
    const address = email(`member${index + 1}`);
    const made = await makeAccountFixture(app, member.address ? `${member.address}+${address}` : address, { language });
    await call('POST', `/invitations/${await invite(made.email, member.role)}/accept`, undefined, made);
    if (member.twoFactor) await signInWithTwoFactorsDirectly(app.deps, made.id);
    members.push(made);
  }
  const invitations: MadeTeam['invitations'] = [];
  for (const [index, invitation] of (options.invitations ?? []).entries()) {
    const address = email(`invited${index + 1}`);
    if (invitation.account) await makeAccountFixture(app, address, { language, signedIn: false });
    invitations.push({ email: address, token: await invite(address, invitation.role) });
  }
  if (options.ownerTwoFactor) await signInWithTwoFactorsDirectly(app.deps, owner.id);
  if (options.requireTwoFactor) {
    await call(
      'PATCH',
      '/team',
      { requireTwoFactor: true, ...(options.graceDays !== undefined ? { graceDays: options.graceDays } : {}) },
      owner,
    );
  }

  const signedIn = options.signedIn ?? 'owner';
  for (const made of [owner, ...members]) {
    const stays = signedIn === 'owner' ? made === owner : signedIn !== false && made === members[signedIn.member];
    if (!stays) await call('POST', '/signout', {}, made);
  }
  const cookie = signedIn === 'owner' ? owner.cookie : signedIn === false ? undefined : members[signedIn.member]?.cookie;
  const signedOut = ({ cookie: _, ...made }: MadeFixture): MadeFixture => made;
  return {
    owner: signedIn === 'owner' ? owner : signedOut(owner),
    members: members.map((made, index) =>
      signedIn !== false && signedIn !== 'owner' && signedIn.member === index ? made : signedOut(made),
    ),
    invitations,
    ...(cookie ? { cookie } : {}),
  };
}

/**
 * An account with two-factor authentication turned on as the settings do it (an authenticator
 * app's first code, 10 recovery codes), with the secret the app would keep and the codes shown
 * once: a state computes the app's code, or uses a recovery code, as its person would.
 */
export interface MadeTwoFactor extends MadeFixture {
  secret: string;
  recoveryCodes: string[];
}

export async function makeTwoFactorFixture(
  app: App,
  email: string,
  options: { language?: Language; names?: [string, string]; signedIn?: boolean } = {},
): Promise<MadeTwoFactor> {
  const made = await makeAccountFixture(app, email, { ...options, signedIn: true });
  const ip = nextIp();
  const call = async (url: string, payload: object) => {
    const response = await app.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': ip, 'sec-fetch-site': 'same-origin', cookie: `${made.cookie?.name}=${made.cookie?.value}` },
    });
    if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json().data;
  };
  const { secret } = (await call('/account/two-factor/totp', { currentPassword: fixturePassword })) as { secret: string };
  const { recoveryCodes } = (await call('/account/two-factor/totp/confirm', { code: totpAt(secret, app.deps.clock.now()) })) as {
    recoveryCodes: string[];
  };
  if (options.signedIn === false) await call('/signout', {});
  const { cookie, ...account } = made;
  return { ...account, ...(options.signedIn === false ? {} : { cookie: cookie as NonNullable<typeof cookie> }), secret, recoveryCodes };
}

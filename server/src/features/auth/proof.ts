/**
 * What a way in proved, as RFC 8176 authentication method references (decision 045): `pwd` a
 * password, `otp` a one-time code (mailed or from an authenticator), `fed` a single sign-on
 * provider, `hwk` a passkey, `user` the person verified on the device (a passkey's fingerprint or
 * PIN), `mfa` two distinct factors. A session keeps them; the OpenID tokens carry them.
 */
export type Amr = 'pwd' | 'otp' | 'fed' | 'hwk' | 'user' | 'mfa';

export const proofs = {
  password: ['pwd'],
  mailedCode: ['otp'],
  singleSignOn: ['fed'],
} satisfies Record<string, Amr[]>;

/** The column's form: the values in order, separated by spaces. */
export function amrColumn(amr: readonly Amr[]): string {
  return [...new Set(amr)].join(' ');
}

export function amrOf(session: { amr: string }): Amr[] {
  return session.amr.split(' ') as Amr[];
}

/** Whether what a way in proved holds two factors. */
export function provesTwoFactors(amr: readonly Amr[]): boolean {
  return amr.includes('mfa');
}

/** Whether the session was proved with two factors, which a team that requires two-factor asks for. */
export function provedTwoFactors(session: { amr: string }): boolean {
  return provesTwoFactors(amrOf(session));
}

/**
 * The audit event of a finished sign-in, named after the way in its first factor proved
 * (decision 045): a sign-in the code finishes is audited as its way in audits one without.
 */
export function signinEventOf(amr: readonly Amr[]): 'sso_signin' | 'passkey_signin' | 'signin_succeeded' {
  if (amr.includes('fed')) return 'sso_signin';
  if (amr.includes('hwk')) return 'passkey_signin';
  return 'signin_succeeded';
}

/** What a first factor proved, with the second factor's code on top. */
export function withSecondFactor(amr: readonly Amr[]): Amr[] {
  return [...amr, 'otp', 'mfa'];
}

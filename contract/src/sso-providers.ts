// The single sign-on providers, one entry each: configuration, the server's routes and identity
// checks, the mails and the web's buttons all read this table (decision 030), so a third provider
// is one entry here plus its logo and button texts on the web.

export interface SsoProviderEntry {
  /** The name people read: buttons, mails, the account page. */
  name: string;
  /** Its environment variables: `<prefix>_CLIENT_ID`, `<prefix>_CLIENT_SECRET`, `<prefix>_ISSUER`. */
  envPrefix: string;
  defaultIssuer: string;
  /**
   * The ID token claim by which the provider vouches that the person holds the address, and the
   * values that count: only then is an address linked or an account made (decision 015).
   */
  vouches: { claim: string; values: readonly (boolean | string)[] };
}

export const ssoProviderRegistry = {
  google: {
    name: 'Google',
    envPrefix: 'GOOGLE',
    defaultIssuer: 'https://accounts.google.com',
    vouches: { claim: 'email_verified', values: [true] },
  },
  // Microsoft's `email` is whatever a tenant administrator typed: only xms_edov ("the domain
  // owner verified this address") counts, against the nOAuth takeover.
  microsoft: {
    name: 'Microsoft',
    envPrefix: 'MICROSOFT',
    defaultIssuer: 'https://login.microsoftonline.com/common/v2.0',
    vouches: { claim: 'xms_edov', values: [true, 'true'] },
  },
} as const satisfies Record<string, SsoProviderEntry>;

export type SsoProviderName = keyof typeof ssoProviderRegistry;

/** Every provider, in the order the buttons show them. */
export const ssoProviders = Object.keys(ssoProviderRegistry) as [SsoProviderName, ...SsoProviderName[]];

export function isSsoProvider(value: unknown): value is SsoProviderName {
  return typeof value === 'string' && Object.hasOwn(ssoProviderRegistry, value);
}

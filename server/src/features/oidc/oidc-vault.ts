import { createHmac, createSecretKey } from 'node:crypto';
import { openWith, type Secrets, sealWith } from '../../lib/secrets.ts';

/**
 * How the provider's values rest in the database (decision 014): every id the provider looks
 * up (codes, tokens, sessions, interactions, grants) stored as an HMAC under SECRET_KEY, and
 * every payload, client secret and signing key sealed, so a copy of the database holds nothing
 * the token endpoint or the provider's cookies would accept.
 */
export interface OidcVault {
  key(kind: string, value: string): string;
  seal(value: unknown): string;
  open<T>(stored: string): T;
  /** The provider's cookie-signing keys. */
  cookieKeys: string[];
}

export function createOidcVault(secrets: Secrets): OidcVault {
  // Key objects made once: a Buffer key is made into one on every call, which cost the
  // userinfo call more than the HMAC and the cipher themselves (decision 057).
  const idKey = createSecretKey(secrets.subKey('oidc stored ids'));
  const sealKey = createSecretKey(secrets.subKey('oidc sealed payloads'));
  return {
    key: (kind, value) => createHmac('sha256', idKey).update(`${kind}\n${value}`).digest('base64url'),
    seal: (value) => sealWith(sealKey, JSON.stringify(value)),
    open: (stored) => JSON.parse(openWith(sealKey, stored)),
    cookieKeys: [secrets.subKey('oidc cookies').toString('base64url')],
  };
}

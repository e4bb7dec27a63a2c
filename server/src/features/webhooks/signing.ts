import { createHmac, randomBytes } from 'node:crypto';

const prefix = 'whsec_';

/** A new secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${prefix}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks 1.0: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under each secret, space-separated (two while a rotated secret overlaps).
 */
export function signWebhook(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

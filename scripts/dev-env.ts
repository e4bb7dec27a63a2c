/**
 * `npm start` on a bare checkout (no NODE_ENV, no SMTP_URL, no TRUST_PROXY, PUBLIC_URL unset or on this machine,
 * DEV_MAILBOX not set either way) runs in development with the mailbox, so the README's first
 * command shows the mail at /dev/mailbox. Anything configured for a deployment leaves it off
 * (decision 013). Returns the line to print when it applied the defaults.
 */
export function applyDevelopmentDefaults(env: Record<string, string | undefined>): string | undefined {
  const publicHost = env.PUBLIC_URL ? URL.parse(env.PUBLIC_URL)?.hostname : 'localhost';
  const local = publicHost === 'localhost' || publicHost === '127.0.0.1' || publicHost === '[::1]';
  if (env.NODE_ENV || env.SMTP_URL || env.TRUST_PROXY || env.DEV_MAILBOX !== undefined || !local) return undefined;
  env.NODE_ENV = 'development';
  env.DEV_MAILBOX = '1';
  return `Development mode: no SMTP_URL, so mail is shown at http://localhost:${env.PORT || 3000}/dev/mailbox, through the link with its key printed once the server runs (to this machine only). Set SMTP_URL or NODE_ENV=production to turn it off.`;
}

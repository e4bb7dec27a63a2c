// Apart from the schemas: the browser imports it, and zod would come along with schemas.ts.

/** The digits of a mailed one-time code (docs/security-targets.md: 6 digits, 10 minutes, 5 tries). */
export const otpLength = 6;

const wholeCode = new RegExp(`^\\d{${otpLength}}$`);

/**
 * A whole code: `otpLength` digits, nothing else. The API's schemas and the app's forms judge a
 * code by this one rule (an authenticator app's codes have as many digits).
 */
export function isOtp(value: string): boolean {
  return wholeCode.test(value);
}

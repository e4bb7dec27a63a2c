// Apart from the schemas: the browser imports it, and zod would come along with schemas.ts.

/** The digits of a mailed one-time code (docs/security-targets.md: 6 digits, 10 minutes, 5 tries). */
export const otpLength = 6;

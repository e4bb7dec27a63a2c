import { type ErrorCode, isErrorCode } from './errors.ts';

export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface ValidationSummary {
  code: ErrorCode;
  fields: Record<string, ErrorCode>;
}

/**
 * Turns schema issues (whose messages are error codes) into one code for the form and one
 * per field: the server answers every refused body with it, so a form shows each field's own message.
 */
export function summarizeIssues(issues: readonly IssueLike[]): ValidationSummary {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    const issueCode = isErrorCode(issue.message) ? issue.message : 'validation.invalid';
    if (field && !(field in fields)) fields[field] = issueCode;
  }
  // The seed has one message for the sign-up form missing both of its required answers.
  if (fields.email && fields.dataProcessingConsent) {
    return { code: 'validation.consent_and_email', fields };
  }
  const first = Object.values(fields)[0] ?? (isErrorCode(issues[0]?.message) ? issues[0].message : undefined);
  return { code: first ?? 'validation.invalid', fields };
}

import type { ErrorCode } from './errors.ts';

// Apart from the schemas: the browser checks a team's name with these rules, without zod.

// Control and format characters (line breaks, bidirectional overrides) could break a mail's
// subject or make a name read as something else; names go into mails to any address (a team's
// invitations, under the operator's brand), so no links either.
export const controlCharacters = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
export const webAddress = /:\/\/|\bwww\./i;

/** A team's name: trimmed, 1 to 60 characters, on one line (it heads cards and mail subjects). */
export const teamNameMaxLength = 60;

export type TeamNameResult = { ok: true; name: string } | { ok: false; code: ErrorCode };

/** A team's name as typed, trimmed, or the first rule it breaks (teamNameSchema is built on it). */
export function checkTeamName(raw: string): TeamNameResult {
  const name = raw.trim();
  if (name === '') return { ok: false, code: 'team.name_required' };
  if ([...name].length > teamNameMaxLength) return { ok: false, code: 'team.name_too_long' };
  if (controlCharacters.test(name)) return { ok: false, code: 'team.name_invalid' };
  // The name goes into invitation mails to any address, under the operator's brand: no links there.
  if (webAddress.test(name)) return { ok: false, code: 'team.name_link' };
  return { ok: true, name };
}

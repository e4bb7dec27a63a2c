import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkTeamName, teamNameSchema } from '../src/index.ts';

describe("a team's name", () => {
  // The browser checks with checkTeamName, the server with the schema built on it: the same answer.
  const cases: Array<[string, string | undefined]> = [
    ['  Ops  ', undefined],
    ['   ', 'team.name_required'],
    ['x'.repeat(61), 'team.name_too_long'],
    ['😀'.repeat(60), undefined],
    ['Ops\nTeam', 'team.name_invalid'],
    ['see www.example.com', 'team.name_link'],
    [`${'x'.repeat(61)} https://example.com`, 'team.name_too_long'],
  ];
  for (const [name, code] of cases)
    it(`${JSON.stringify(name.slice(0, 24))}: ${code ?? 'accepted'}`, () => {
      const checked = checkTeamName(name);
      const parsed = teamNameSchema.safeParse(name);
      assert.equal(checked.ok ? undefined : checked.code, code);
      assert.equal(parsed.success ? undefined : parsed.error.issues[0]?.message, code);
      if (checked.ok) assert.equal(parsed.data, checked.name);
    });
  it('is a string', () => assert.equal(teamNameSchema.safeParse(7).error?.issues[0]?.message, 'team.name_required'));
});

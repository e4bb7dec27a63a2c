// Apart from the schemas of teams.ts: the team screens show these limits, and the browser does not load zod.

/** A team that requires two-factor gives its members this many days by default, and at most 90 (decision 047). */
export const twoFactorGraceDefaultDays = 7;
export const twoFactorGraceMaxDays = 90;

/** How many addresses one invitation request may carry: a team's pending-invitation limit. */
export const teamInviteBatchMax = 50;

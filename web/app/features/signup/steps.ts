/**
 * The sign-up's steps, by the number the step counter keeps for them (the seed's currentStep,
 * in session storage; 0 is a sign-up not started). In a hosting panel the first step confirms
 * the address with a mailed code instead of a link.
 */
export const signupStep = { notStarted: 0, address: 1, password: 2, profile: 3, activation: 4 } as const;

/** How many steps a sign-up has: without the license step when a team's license applies. */
export const signupLength = { full: 4, teamMember: 3 } as const;

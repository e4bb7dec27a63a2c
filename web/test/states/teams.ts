// Teams: an invitation opened signed out, signed in and while an app's sign-in waits; a team as
// its owner and its members see it; its two-factor rule during the grace and after. `made` is the
// person the screen names (the invited address, or the member the owner removes).
import { errorCatalogues } from '@gatehouse/contract';
import { expect, type Page } from '@playwright/test';
import { fixturePassword } from '../../../server/test/support/fixtures.ts';
import { fixtureNames, type State, type StateContext } from '../support/states.ts';
import { type MadeTeam, pendingDashboardSignIn, person, type TeamFixture, teamFixture } from '../support/team-fixtures.ts';

/** The team's name in every state, as its owner gave it. */
export const teamName = 'Night shift';

const teams = new WeakMap<Page, MadeTeam>();
const madeTeam = (c: StateContext): MadeTeam => {
  const team = teams.get(c.page);
  if (!team) throw new Error('the state made no team');
  return team;
};

/** A named team of a Business license, whose owner gave a name; `focus` picks the person the screen names. */
const team =
  (options: TeamFixture, focus?: (made: MadeTeam) => string) =>
  async (c: StateContext): Promise<void> => {
    const made = await teamFixture(c, { name: teamName, ownerNames: fixtureNames[c.language], ...options });
    teams.set(c.page, made);
    if (focus) c.made = person(focus(made), fixturePassword);
  };
const firstInvitation = (c: StateContext) => madeTeam(c).invitations[0]?.token ?? '';
const invitedAddress = (made: MadeTeam) => made.invitations[0]?.email ?? '';
const firstMember = (made: MadeTeam) => made.members[0]?.email ?? '';

const shown = (c: StateContext) => c.made?.email ?? '';
const teamSection = (page: Page) => page.locator('.team');
const dashboard = 'Monitoring dashboard';

/** The team the owner manages: a member (an admin) and an invitation pending. */
const ownersTeam: TeamFixture = { members: [{ role: 'admin' }], invitations: [{}] };
/** A team that requires two-factor: a member without, one with a second factor. */
const twoFactorTeam: TeamFixture = { members: [{}, { twoFactor: true }], requireTwoFactor: true };

export const teamStates = {
  'team-signup-invitation': {
    before: team({ invitations: [{}], signedIn: false }, invitedAddress),
    path: (c) => `/signup?invitation=${firstInvitation(c)}`,
    shows: async ({ page, t, language, made }) => {
      const banner = page.locator('.invitation-banner');
      await expect(banner).toContainText(made?.email ?? '');
      await expect(banner).toContainText(t.invitation.named.replace('{name}', teamName));
      await expect(banner).toContainText(fixtureNames[language].join(' '));
      await expect(page.locator('input[name="email"]')).toHaveValue(made?.email ?? '');
    },
  },
  'team-signup-invitation-invalid': {
    path: '/signup?invitation=no-such-invitation-token-at-all',
    shows: async ({ page, language }) =>
      expect(page.getByRole('alert').first()).toHaveText(errorCatalogues[language]['invitation.invalid']),
  },
  // An address that has an account is sent on to sign in.
  'team-login-invitation': {
    before: team({ invitations: [{ account: true }], signedIn: false }, invitedAddress),
    path: (c) => `/signup?invitation=${firstInvitation(c)}`,
    shows: async (c) => {
      await expect(c.page).toHaveURL(/\/login\?invitation=/);
      await expect(c.page.locator('.invitation-banner')).toContainText(c.t.invitation.loginHint.split('{email}')[0] ?? '');
      await expect(c.page.locator('input[name="email"]')).toHaveValue(shown(c));
    },
  },
  // The member's own team, empty, waits folded under the team they work in, whose license they have.
  'team-account-member': {
    before: team({ ...ownersTeam, signedIn: { member: 0 } }),
    path: '/',
    shows: async ({ page, t }) => {
      await expect(page.locator('details.team-fold')).toContainText(t.team.ownFolded);
      await expect(teamSection(page).first().locator('h2')).toHaveText(teamName);
      // The team's license is the License section's, said once (decision 058): not again in the team's card.
      await expect(teamSection(page).first().locator('.plan')).toHaveCount(0);
      const license = page.locator('[aria-labelledby="license-heading"]');
      await expect(license).toContainText(t.team.licenseFromTeam.replace('{team}', t.team.named.replace('{name}', teamName)));
      await expect(license.locator('.plan')).toContainText(t.plans.business);
      await expect(license.locator('input[name="license"]')).toHaveCount(0);
    },
  },
  'team-account-owner': {
    before: team(ownersTeam, invitedAddress),
    path: '/',
    shows: async (c) =>
      expect(
        teamSection(c.page)
          .locator('.team__row')
          .filter({ hasText: shown(c) }),
      ).toBeVisible(),
  },
  // Someone else's invitation opened while signed in: Join, or Switch account (decision 041).
  'team-invitation-signed-in': {
    before: team(ownersTeam, invitedAddress),
    path: (c) => `/signup?invitation=${firstInvitation(c)}`,
    shows: async ({ page, t }) => {
      await expect(page.locator('.invitation-join')).toContainText(t.invitation.otherAccount.split('{email}')[1]?.trim() ?? '');
      await expect(page.getByRole('button', { name: t.signedIn.switch })).toBeVisible();
    },
  },
  'team-account-rename': {
    before: team(ownersTeam),
    path: '/',
    act: async ({ page, t }) => teamSection(page).getByRole('button', { name: t.team.rename }).click(),
    shows: async ({ page }) => expect(teamSection(page).locator('input[name="name"]')).toHaveValue(teamName),
  },
  // Several addresses at once: one already invited (offered a resend), one to fix.
  'team-account-invite-answers': {
    before: team(ownersTeam, invitedAddress),
    path: '/',
    act: async (c) => {
      await teamSection(c.page)
        .locator('textarea[name="emails"]')
        .fill(`${shown(c)}, not-an-address`);
      await teamSection(c.page).locator('.team__invite button[type="submit"]').click();
    },
    shows: async (c) => {
      const answers = teamSection(c.page).locator('.team__answer');
      await expect(answers).toHaveCount(2);
      await expect(answers.filter({ hasText: shown(c) })).toContainText(c.t.team.outcomes.already_invited);
    },
  },
  'team-account-confirm': {
    before: team(ownersTeam, firstMember),
    path: '/',
    act: async (c) =>
      teamSection(c.page)
        .locator('.team__row')
        .filter({ hasText: shown(c) })
        .getByRole('button', { name: c.t.team.remove })
        .click(),
    shows: async ({ page }) => expect(teamSection(page).locator('.team__confirm')).toBeVisible(),
  },
  // The dashboard's sign-in waits on the login screen; the mailed invitation opens after it (decision 039).
  'team-login-invitation-app': {
    before: async (c) => {
      await team({ invitations: [{ account: true }], signedIn: false }, invitedAddress)(c);
      await pendingDashboardSignIn(c.context);
    },
    path: (c) => `/signup?invitation=${firstInvitation(c)}`,
    shows: async (c) => {
      await expect(c.page).toHaveURL(/\/login\?invitation=/);
      await expect(c.page.locator('.invitation-banner')).toHaveCount(2);
      await expect(c.page.locator('.invitation-banner').first()).toContainText(dashboard);
      await expect(c.page.locator('input[name="email"]')).toHaveValue(shown(c));
    },
  },
  'team-invitation-signed-in-app': {
    before: async (c) => {
      await team({ invitations: [{ account: true }], signedIn: false }, invitedAddress)(c);
      await pendingDashboardSignIn(c.context);
      const signin = await c.context.request.post('/signin', { form: { email: shown(c), password: fixturePassword } });
      expect(signin.status()).toBe(200);
    },
    path: (c) => `/login?invitation=${firstInvitation(c)}`,
    shows: async (c) => {
      await expect(c.page.locator('.invitation-banner').first()).toContainText(dashboard);
      await expect(c.page.locator('.invitation-join')).toContainText(shown(c));
    },
  },
  // The owner during the grace: the banner, the rule, who has a second factor.
  'team-two-factor-owner': {
    before: team(twoFactorTeam),
    path: '/',
    shows: async ({ page, t }) => {
      await expect(page.locator('.two-factor-banner')).toContainText(t.teamTwoFactor.bannerTitleOwn);
      await expect(page.locator('.team__two-factor')).toHaveText([
        t.teamTwoFactor.notEnrolled,
        t.teamTwoFactor.notEnrolled,
        t.teamTwoFactor.enrolled,
      ]);
    },
  },
  'team-two-factor-form': {
    before: team(twoFactorTeam),
    path: '/',
    act: async ({ page, t }) => page.getByRole('button', { name: t.teamTwoFactor.change, exact: true }).click(),
    shows: async ({ page, t }) => expect(page.getByLabel(t.teamTwoFactor.graceLabel)).toHaveValue('7'),
  },
  // A member during the grace: the deadline and the way to set it up.
  'team-two-factor-member': {
    before: team({ ...twoFactorTeam, signedIn: { member: 0 } }),
    path: '/',
    shows: async ({ page, t }) => {
      await expect(page.locator('.two-factor-banner')).toContainText(t.teamTwoFactor.bannerTitle.split('{team}')[0] ?? '');
      await expect(page.locator('.two-factor-banner')).toContainText(t.teamTwoFactor.setUp);
      await expect(teamSection(page).first().locator('.team__row')).toHaveCount(3);
    },
  },
  // The owner, with a second factor, ended the grace at once: the rule in force.
  'team-two-factor-owner-enforced': {
    before: team({ ...twoFactorTeam, ownerTwoFactor: true, graceDays: 0 }),
    path: '/',
    shows: async ({ page, t }) => {
      await expect(page.locator('.two-factor-banner')).toHaveCount(0);
      await expect(page.locator('.team__two-factor-block')).toContainText(t.teamTwoFactor.onSince.split('{date}')[0] ?? '');
    },
  },
  // A member past the deadline: let in, the team and its license withheld.
  'team-two-factor-member-withheld': {
    before: team({ ...twoFactorTeam, ownerTwoFactor: true, graceDays: 0, signedIn: { member: 0 } }),
    path: '/',
    shows: async ({ page, language }) => {
      await expect(page.locator('.two-factor-banner--withheld')).toBeVisible();
      await expect(teamSection(page).first().getByRole('alert')).toHaveText(errorCatalogues[language]['team.two_factor_required']);
      await expect(teamSection(page).first().locator('.team__row')).toHaveCount(0);
    },
  },
} satisfies Record<string, State>;

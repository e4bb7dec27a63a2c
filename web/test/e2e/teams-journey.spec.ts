// Teams, once, in English on a desktop: an invitation opened signed out (a new address, a bad
// link, an address with an account), the team as a member and as its owner sees it, an
// invitation opened while an app's sign-in waits, and a team that requires two-factor. The
// screens' states (states/teams.ts) are checked in every language by states.spec.ts.
import { passes } from '../states/passes.ts';
import { teamName } from '../states/teams.ts';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, names } from '../support/gallery.ts';
import { createLicense } from '../support/helpers.ts';
import { dashboardUrl } from '../support/ports.ts';
import { person } from '../support/team-fixtures.ts';
import { inviteApi, signInApi, signInWithTwoFactorsDirectly, tokenOf } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Gallery team 2026 alpha';
const t = catalogues.en;

test('teams: invitations opened, the team as a member and as its owner sees it', async ({ page }) => {
  // As long as typical addresses, so the screens show what most people see.
  const id = Date.now().toString(36);
  const [owner, member, newcomer] = ['owner', 'member', 'new'].map((who) => `${who}-${id}@example.com`) as [string, string, string];
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const memberToken = tokenOf(await inviteApi(page.request, member, 'admin'));
  const newcomerToken = tokenOf(await inviteApi(page.request, newcomer));
  // A named team, whose owner gave a name: the screens name both, never by an address alone.
  const [firstName, familyName] = names.en;
  expect((await page.request.put('/profile', { data: { firstName, familyName } })).status()).toBe(200);
  expect((await page.request.patch('/team', { data: { name: teamName } })).status()).toBe(200);
  await page.request.post('/signout');

  // Signed out: the invitation on sign-up (a new address), a bad link, and on sign-in (an account).
  await page.goto(`/signup?invitation=${newcomerToken}`);
  await passes(page, 'team-signup-invitation', { made: person(newcomer) });
  await page.goto('/signup?invitation=no-such-invitation-token-at-all');
  await passes(page, 'team-signup-invitation-invalid');
  await page.goto(`/signup?invitation=${memberToken}`);
  await passes(page, 'team-login-invitation', { made: person(member) });

  // The member accepts by signing in, and sees the team with its license.
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('.team').first()).toContainText(owner);
  await passes(page, 'team-account-member');
  await page.request.post('/signout');

  // The owner: members, the pending invitation, the invite form, and a removal to confirm.
  await signInApi(page.request, owner, password);
  await page.goto('/');
  const team = page.locator('.team');
  await passes(page, 'team-account-owner', { made: person(newcomer) });
  // Someone else's invitation opened while signed in: Join, or Switch account (decision 041).
  await page.goto(`/signup?invitation=${newcomerToken}`);
  await passes(page, 'team-invitation-signed-in');
  await page.goto('/');
  await team.getByRole('button', { name: t.team.rename }).click();
  await passes(page, 'team-account-rename');
  await team.locator('.team__rename').getByRole('button', { name: t.team.cancel }).click();
  // Several addresses at once: one already invited (offered a resend), one to fix.
  await team.locator('textarea[name="emails"]').fill(`${newcomer}, not-an-address`);
  await team.locator('.team__invite button[type="submit"]').click();
  await passes(page, 'team-account-invite-answers', { made: person(newcomer) });
  await team.locator('.team__row').filter({ hasText: member }).getByRole('button', { name: t.team.remove }).click();
  await passes(page, 'team-account-confirm');
});

test('teams: an invitation opened while an app’s sign-in is pending', async ({ page }) => {
  const id = Date.now().toString(36);
  const [owner, member] = ['app-owner', 'app-member'].map((who) => `${who}-${id}@example.com`) as [string, string];
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const memberToken = tokenOf(await inviteApi(page.request, member));
  await page.request.post('/signout');

  // The dashboard's sign-in waits on the login screen; the mailed invitation opens after it (decision 039).
  await page.goto(dashboardUrl);
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
  await expect(page.locator('.invitation-banner')).toContainText('Monitoring dashboard');
  await page.goto(`/signup?invitation=${memberToken}`);
  await passes(page, 'team-login-invitation-app', { made: person(member) });
  await signInApi(page.request, member, password);
  await page.goto(`/login?invitation=${memberToken}`);
  await passes(page, 'team-invitation-signed-in-app', { made: person(member) });
});

test('teams: a team that requires two-factor, during the grace and after', async ({ page }) => {
  const id = Date.now().toString(36);
  const [owner, member, enrolled] = ['tf-owner', 'tf-member', 'tf-enrolled'].map((who) => `${who}-${id}@example.com`) as [
    string,
    string,
    string,
  ];
  for (const email of [member, enrolled, owner]) await registerAccount(page, email, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const [firstName, familyName] = names.en;
  expect((await page.request.put('/profile', { data: { firstName, familyName } })).status()).toBe(200);
  const tokens = [tokenOf(await inviteApi(page.request, member)), tokenOf(await inviteApi(page.request, enrolled))];
  expect((await page.request.patch('/team', { data: { name: teamName } })).status()).toBe(200);
  for (const [index, email] of [member, enrolled].entries()) {
    await page.request.post('/signout');
    await signInApi(page.request, email, password);
    expect((await page.request.post(`/invitations/${tokens[index]}/accept`)).status()).toBe(200);
  }
  // One member has a second factor (their later sign-ins here use the password alone).
  await signInWithTwoFactorsDirectly(enrolled);
  await page.request.post('/signout');
  await signInApi(page.request, owner, password);
  expect((await page.request.patch('/team', { data: { requireTwoFactor: true } })).status()).toBe(200);

  // The owner during the grace: the banner, the rule, who has a second factor; the form.
  await page.goto('/');
  await passes(page, 'team-two-factor-owner');
  await page.getByRole('button', { name: t.teamTwoFactor.change, exact: true }).click();
  await passes(page, 'team-two-factor-form');

  // A member during the grace: the deadline and the way to set it up.
  await page.request.post('/signout');
  await signInApi(page.request, member, password);
  await page.goto('/');
  await passes(page, 'team-two-factor-member');

  // The owner, with a second factor now, ends the grace at once: the rule in force.
  await page.request.post('/signout');
  await signInApi(page.request, owner, password);
  await signInWithTwoFactorsDirectly(owner);
  expect((await page.request.patch('/team', { data: { graceDays: 0 } })).status()).toBe(200);
  await page.goto('/');
  await passes(page, 'team-two-factor-owner-enforced');

  // The member past the deadline: let in, the team and its license withheld.
  await page.request.post('/signout');
  await signInApi(page.request, member, password);
  await page.goto('/');
  await passes(page, 'team-two-factor-member-withheld');
});

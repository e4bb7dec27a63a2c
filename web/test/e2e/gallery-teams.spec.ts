// The team screens in every language, on both projects, beside the journey's gallery:
// artifacts/screenshots/gallery/<project>/<language>/team-*.png, checked with axe. Two accounts
// per project serve all eight languages: the states are made once, then shown in each language.
import { type Language, languages } from '@gatehouse/contract';
import { registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { createLicense } from '../support/helpers.ts';
import { dashboardUrl } from '../support/ports.ts';
import { inviteApi, signInApi, signInWithTwoFactorsDirectly, tokenOf } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

// As in the journey's gallery: axe in the languages that stress the markup most, on a desktop;
// in English on a phone.
const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'de', 'ja']), phone: new Set(['en']) };
// The states that differ from another screen by one message or one row: in the longest language,
// in Japanese and in English, to keep the suite in CI's time.
const someLanguages = new Set<Language>(['en', 'de', 'ja']);
const password = 'Gallery team 2026 alpha';
const teamName = 'Night shift';

// Dozens of screens in 8 languages, two at a time beside other specs: minutes, not seconds.
test.describe.configure({ timeout: 300_000 });

test('gallery: the team screens in every language', async ({ page, context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 4 : 3}.10` });
  // As long as typical addresses, so the screens show what most people see.
  const id = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const [owner, member, newcomer] = ['owner', 'member', 'new'].map((who) => `${who}-${id}@example.com`) as [string, string, string];
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const memberToken = tokenOf(await inviteApi(page.request, member, 'admin'));
  const newcomerToken = tokenOf(await inviteApi(page.request, newcomer));
  // A named team, whose owner gave a name: the screens name both, never by an address alone.
  expect((await page.request.put('/profile', { data: { firstName: 'Grace', familyName: 'Hopper' } })).status()).toBe(200);
  expect((await page.request.patch('/team', { data: { name: teamName } })).status()).toBe(200);
  await page.request.post('/signout');

  // Signed out: the invitation on sign-up (a new address), a bad link, and on sign-in (an account).
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const t = catalogues[language];
    await page.goto(g.path(`/signup?invitation=${newcomerToken}`));
    await expect(page.locator('.invitation-banner')).toContainText(newcomer);
    await expect(page.locator('.invitation-banner')).toContainText(t.invitation.named.replace('{name}', teamName));
    await expect(page.locator('.invitation-banner')).toContainText('Grace Hopper');
    await expect(page.locator('input[name="email"]')).toHaveValue(newcomer);
    await g.shot('team-signup-invitation');
    if (someLanguages.has(language)) {
      await page.goto(g.path('/signup?invitation=no-such-invitation-token-at-all'));
      await expect(page.getByRole('alert').first()).toHaveText(await errorText(language, 'invitation.invalid'));
      await g.shot('team-signup-invitation-invalid');
    }
    await page.goto(g.path(`/signup?invitation=${memberToken}`));
    await expect(page).toHaveURL(/\/login\?invitation=/);
    await expect(page.locator('.invitation-banner')).toContainText(t.invitation.loginHint.split('{email}')[0] ?? '');
    await expect(page.locator('input[name="email"]')).toHaveValue(member);
    await g.shot('team-login-invitation');
  }

  // The member accepts by signing in, and sees the team with its license.
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('.team').first()).toContainText(owner);
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/');
    // The member's own team, empty, waits folded under the team they work in.
    await expect(page.locator('details.team-fold')).toContainText(catalogues[language].team.ownFolded);
    await expect(page.locator('.team').first().locator('h2')).toHaveText(teamName);
    // The team's license is the License section's, said once (decision 058): not again in the team's card.
    await expect(page.locator('.team').first().locator('.plan')).toHaveCount(0);
    // The License section: the team's plan and whose team it is, nothing to activate.
    const license = page.locator('[aria-labelledby="license-heading"]');
    const named = catalogues[language].team.named.replace('{name}', teamName);
    await expect(license).toContainText(catalogues[language].team.licenseFromTeam.replace('{team}', named));
    await expect(license.locator('.plan')).toContainText(catalogues[language].plans.business);
    await expect(license.locator('input[name="license"]')).toHaveCount(0);
    await g.shot('team-account-member');
  }
  await page.request.post('/signout');

  // The owner: members, the pending invitation, the invite form, and a removal to confirm.
  await signInApi(page.request, owner, password);
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const t = catalogues[language];
    await g.visit('/');
    const team = page.locator('.team');
    await expect(team.locator('.team__row').filter({ hasText: newcomer })).toBeVisible();
    await g.shot('team-account-owner');
    // Someone else's invitation opened while signed in: Join, or Switch account (decision 041).
    await page.goto(g.path(`/signup?invitation=${newcomerToken}`));
    await expect(page.locator('.invitation-join')).toContainText(t.invitation.otherAccount.split('{email}')[1]?.trim() ?? '');
    await expect(page.getByRole('button', { name: t.signedIn.switch })).toBeVisible();
    await g.shot('team-invitation-signed-in');
    await g.visit('/');
    if (!someLanguages.has(language)) continue;
    await team.getByRole('button', { name: t.team.rename }).click();
    await expect(team.locator('input[name="name"]')).toHaveValue(teamName);
    await g.shot('team-account-rename');
    await team.locator('.team__rename').getByRole('button', { name: t.team.cancel }).click();
    // Several addresses at once: one already invited (offered a resend), one to fix.
    await team.locator('textarea[name="emails"]').fill(`${newcomer}, not-an-address`);
    await team.locator('.team__invite button[type="submit"]').click();
    await expect(team.locator('.team__answer')).toHaveCount(2);
    await expect(team.locator('.team__answer').filter({ hasText: newcomer })).toContainText(t.team.outcomes.already_invited);
    await g.shot('team-account-invite-answers');
    await team.locator('.team__row').filter({ hasText: member }).getByRole('button', { name: t.team.remove }).click();
    await expect(team.locator('.team__confirm')).toBeVisible();
    await g.shot('team-account-confirm');
  }
});

test('gallery: a team invitation opened while an app’s sign-in is pending, in every language', async ({ page, context }, testInfo) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 6 : 5}.10` });
  const id = `${testInfo.project.name}-${Date.now().toString(36)}`;
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
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await page.goto(g.path(`/signup?invitation=${memberToken}`));
    await expect(page).toHaveURL(/\/login\?invitation=/);
    await expect(page.locator('.invitation-banner')).toHaveCount(2);
    await expect(page.locator('.invitation-banner').first()).toContainText('Monitoring dashboard');
    await expect(page.locator('input[name="email"]')).toHaveValue(member);
    await g.shot('team-login-invitation-app');
  }
  await signInApi(page.request, member, password);
  for (const language of someLanguages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await page.goto(g.path(`/login?invitation=${memberToken}`));
    await expect(page.locator('.invitation-banner').first()).toContainText('Monitoring dashboard');
    await expect(page.locator('.invitation-join')).toContainText(member);
    await g.shot('team-invitation-signed-in-app');
  }
});

test('gallery: a team that requires two-factor, in every language', async ({ page, context }, testInfo) => {
  // Five states, three of them in every language: longer than the other galleries of this file.
  test.setTimeout(600_000);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 8 : 7}.10` });
  const id = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const [owner, member, enrolled] = ['tf-owner', 'tf-member', 'tf-enrolled'].map((who) => `${who}-${id}@example.com`) as [
    string,
    string,
    string,
  ];
  for (const email of [member, enrolled, owner]) await registerAccount(page, email, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  expect((await page.request.put('/profile', { data: { firstName: 'Grace', familyName: 'Hopper' } })).status()).toBe(200);
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
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const t = catalogues[language].teamTwoFactor;
    await g.visit('/');
    await expect(page.locator('.two-factor-banner')).toContainText(t.bannerTitleOwn);
    await expect(page.locator('.team__two-factor')).toHaveText([t.notEnrolled, t.notEnrolled, t.enrolled]);
    await g.shot('team-two-factor-owner');
    if (!someLanguages.has(language)) continue;
    await page.getByRole('button', { name: t.change, exact: true }).click();
    await expect(page.getByLabel(t.graceLabel)).toHaveValue('7');
    await g.shot('team-two-factor-form');
  }

  // A member during the grace: the deadline and the way to set it up. (One who has a second factor
  // cannot sign in here with the password alone any more: the sign-in asks for the code.)
  for (const [who, shot, text] of [[member, 'team-two-factor-member', 'setUp']] as const) {
    await page.request.post('/signout');
    await signInApi(page.request, who, password);
    for (const language of who === member ? languages : someLanguages) {
      const g = gallery(page, testInfo, language, checkedWithAxe);
      const t = catalogues[language].teamTwoFactor;
      await g.visit('/');
      await expect(page.locator('.two-factor-banner')).toContainText(t.bannerTitle.split('{team}')[0] ?? '');
      await expect(page.locator('.two-factor-banner')).toContainText(t[text]);
      await expect(page.locator('.team').first().locator('.team__row')).toHaveCount(3);
      await g.shot(shot);
    }
  }

  // The owner, with a second factor now, ends the grace at once: the rule in force.
  await page.request.post('/signout');
  await signInApi(page.request, owner, password);
  await signInWithTwoFactorsDirectly(owner);
  expect((await page.request.patch('/team', { data: { graceDays: 0 } })).status()).toBe(200);
  for (const language of someLanguages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/');
    await expect(page.locator('.two-factor-banner')).toHaveCount(0);
    await expect(page.locator('.team__two-factor-block')).toContainText(
      catalogues[language].teamTwoFactor.onSince.split('{date}')[0] ?? '',
    );
    await g.shot('team-two-factor-owner-enforced');
  }

  // The member past the deadline: let in, the team and its license withheld.
  await page.request.post('/signout');
  await signInApi(page.request, member, password);
  for (const language of languages) {
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/');
    await expect(page.locator('.two-factor-banner--withheld')).toBeVisible();
    await expect(page.locator('.team').first().getByRole('alert')).toHaveText(await errorText(language, 'team.two_factor_required'));
    await expect(page.locator('.team').first().locator('.team__row')).toHaveCount(0);
    await g.shot('team-two-factor-member-withheld');
  }
});

async function errorText(language: Language, code: 'invitation.invalid' | 'team.two_factor_required'): Promise<string> {
  const catalogue =
    language === 'en'
      ? (await import('@gatehouse/contract')).errorMessages
      : (await import(`@gatehouse/contract/messages/${language}`)).default;
  return catalogue[code];
}

// A team that requires two-factor (decision 047): the owner's setting, the members' banner with
// the deadline, the team withheld past it, and the owner's view of who has a second factor. A
// person complies through the server's direct writes (support/teams.ts
// signInWithTwoFactorsDirectly): the sign-in with a code is two-factor's own journey
// (two-factor-journey.spec.ts), and the server tests drive both together.
import { errorMessages, panelBasePath } from '@gatehouse/contract';
import en from '../../app/i18n/en.ts';
import { registerAccount } from '../support/accounts.ts';
import { capture, createLicense, referencePanel, uniqueEmail } from '../support/helpers.ts';
import { inviteApi, signInApi, signInWithTwoFactorsDirectly, tokenOf } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Second factor 2026 team';
const texts = en.teamTwoFactor;

// Two people, each signed in in a browser of their own, and a dozen steps between them.
test.describe.configure({ timeout: 240_000 });

test('the owner requires two-factor; a member sees the deadline, then loses the team until a two-factor sign-in', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('tf-owner', testInfo);
  const member = uniqueEmail('tf-member', testInfo);
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  expect((await page.request.put('/profile', { data: { firstName: 'Grace', familyName: 'Hopper' } })).status()).toBe(200);
  const token = tokenOf(await inviteApi(page.request, member));

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInApi(memberPage.request, member, password);
  expect((await memberPage.request.post(`/invitations/${token}/accept`)).status()).toBe(200);

  // The owner turns it on: a grace out of range is refused with its message, then 7 days.
  await page.goto('/');
  const team = page.getByRole('region', { name: 'Your team', exact: true });
  const rule = team.getByRole('region', { name: texts.heading, exact: true });
  await expect(rule).toContainText(texts.off);
  await rule.getByRole('button', { name: texts.change, exact: true }).click();
  await rule.getByLabel(texts.require).check();
  const grace = rule.getByLabel(texts.graceLabel);
  await expect(grace).toHaveValue('7');
  await grace.fill('91');
  await rule.getByRole('button', { name: texts.save }).click();
  await expect(rule.getByText('The grace period is a whole number of days, from 0 to 90').first()).toBeVisible();
  await grace.fill('7');
  await rule.getByRole('button', { name: texts.save }).click();
  await expect(rule.getByRole('status')).toHaveText(texts.saved);
  await expect(rule).toContainText(texts.on.split('{date}')[0] ?? '');
  // Who has a second factor: nobody yet, the owner included; the owner's own banner says so too.
  await expect(team.locator('.team__row').filter({ hasText: member }).locator('.team__two-factor')).toHaveText(texts.notEnrolled);
  const banner = page.getByRole('region', { name: texts.bannerTitleOwn });
  await expect(banner.getByRole('link', { name: texts.setUp })).toHaveAttribute('href', '/settings/two-factor');
  await capture(page, testInfo, 'team-two-factor-owner');

  // The member: the deadline on the account page, the team and its license as before.
  await memberPage.goto('/');
  const memberBanner = memberPage.getByRole('region', { name: 'The team of Grace Hopper requires two-factor authentication' });
  await expect(memberBanner).toContainText(texts.bannerGrace.split('{date}')[0] ?? '');
  const deadline = new Date(Date.now() + 7 * 86_400_000);
  await expect(memberBanner).toContainText(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(deadline));
  const joined = memberPage.getByRole('region', { name: 'Team of Grace Hopper', exact: true });
  await expect(joined.locator('.team__row')).toHaveCount(2);
  await expect(joined.locator('.team__two-factor')).toHaveCount(0);
  await expect(memberPage.getByRole('region', { name: en.account.license })).toContainText(en.plans.business);

  // The owner shortens the grace to 0: it applies at once, to the owner too (no second factor
  // yet), and at the member's next page, which withholds the team and its license.
  await rule.getByRole('button', { name: texts.change, exact: true }).click();
  await grace.fill('0');
  await rule.getByRole('button', { name: texts.save }).click();
  await expect(team.getByRole('alert')).toHaveText(errorMessages['team.two_factor_required']);
  await expect(team.locator('.team__row')).toHaveCount(0);
  await memberPage.reload();
  await expect(memberPage.locator('.two-factor-banner--withheld')).toContainText(texts.bannerWithheld.split('{date}')[1]?.trim() ?? '');
  await expect(joined.getByRole('alert')).toHaveText(errorMessages['team.two_factor_required']);
  await expect(joined.locator('.team__row')).toHaveCount(0);
  await expect(memberPage.getByRole('region', { name: en.account.license })).not.toContainText(en.plans.business);
  await capture(memberPage, testInfo, 'team-two-factor-withheld');

  // A second factor and a session proved with it: everything is back, and the owner sees it.
  await signInWithTwoFactorsDirectly(member);
  await memberPage.reload();
  await expect(joined.locator('.team__row')).toHaveCount(2);
  await expect(memberPage.locator('.two-factor-banner')).toHaveCount(0);
  await expect(memberPage.getByRole('region', { name: en.account.license })).toContainText(en.plans.business);
  // The owner's license is the team's: withheld from the owner as well, until the owner complies too.
  await page.reload();
  await expect(page.getByRole('region', { name: en.account.license })).toContainText(errorMessages['team.two_factor_required']);
  await signInWithTwoFactorsDirectly(owner);
  await page.reload();
  await expect(page.getByRole('region', { name: en.account.license })).toContainText(en.plans.business);
  await expect(team.locator('.team__row').filter({ hasText: member }).locator('.team__two-factor')).toHaveText(texts.enrolled);
  await expect(team.locator('.team__row').filter({ hasText: owner }).locator('.team__two-factor')).toHaveText(texts.enrolled);
  await capture(page, testInfo, 'team-two-factor-owner-list');
  await memberContext.close();
});

test('a member past the deadline may leave the team instead: the withheld card has the way out', async ({ page, browser }, testInfo) => {
  const owner = uniqueEmail('tf-leave-owner', testInfo);
  const member = uniqueEmail('tf-leave-member', testInfo);
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.put('/profile', { data: { firstName: 'Ada', familyName: 'Lovelace' } })).status()).toBe(200);
  const token = tokenOf(await inviteApi(page.request, member));
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInApi(memberPage.request, member, password);
  expect((await memberPage.request.post(`/invitations/${token}/accept`)).status()).toBe(200);
  expect((await page.request.patch('/team', { data: { requireTwoFactor: true, graceDays: 0 } })).status()).toBe(200);

  await memberPage.goto('/');
  const joined = memberPage.getByRole('region', { name: 'Team of Ada Lovelace', exact: true });
  await expect(joined.getByRole('alert')).toHaveText(errorMessages['team.two_factor_required']);
  await joined.getByRole('button', { name: en.team.confirmLeave }).click();
  await expect(joined).toContainText('Leave the team of Ada Lovelace? You will no longer see its monitors or use its license.');
  await capture(memberPage, testInfo, 'team-two-factor-withheld-leave');
  await joined.getByRole('button', { name: en.team.confirmLeave }).click();
  await expect(joined).toHaveCount(0);
  await expect(memberPage.getByRole('status').filter({ hasText: 'You left the team of Ada Lovelace.' })).toBeVisible();
  await expect(memberPage.locator('.two-factor-banner')).toHaveCount(0);
  await expect(memberPage.getByRole('region', { name: 'Your team', exact: true })).toBeVisible();
  await memberContext.close();
});

test('in a panel: the owner requires two-factor with the apiKey, and the banner and the rule show there', async ({
  page,
  context,
}, testInfo) => {
  const panel = await referencePanel();
  const email = uniqueEmail('tf-panel', testInfo);
  await registerAccount(page, email, password);
  await context.addCookies([{ name: 'refpanel_user', value: `u-tf-${Date.now()}`, url: panel.url }]);
  const keys: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/team') keys.push(request.headers()['x-api-key']);
  });
  await page.goto(`${panel.url}${panelBasePath}login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const rule = page.getByRole('region', { name: texts.heading, exact: true });
  await rule.getByRole('button', { name: texts.change, exact: true }).click();
  await rule.getByLabel(texts.require).check();
  await rule.getByLabel(texts.graceLabel).fill('3');
  await rule.getByRole('button', { name: texts.save }).click();
  await expect(rule.getByRole('status')).toHaveText(texts.saved);
  expect(keys).toEqual([panel.apiKey]);
  await page.reload();
  const banner = page.getByRole('region', { name: texts.bannerTitleOwn });
  await expect(banner).toContainText(texts.bannerGrace.split('{date}')[0] ?? '');
  await expect(banner.getByRole('link', { name: texts.setUp })).toHaveAttribute('href', `${panelBasePath}settings/two-factor`);
  await capture(page, testInfo, 'cp-team-two-factor');
});

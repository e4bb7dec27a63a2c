// Joining a team with Google or Microsoft from the invitation screens, in Chromium, through the
// real OpenID providers' own login pages.
import type { Request } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { capture, createLicense, providerUser, signInAtProvider, uniqueEmail } from '../support/helpers.ts';
import { appUrl } from '../support/ports.ts';
import { inviteApi, signInApi, tokenOf } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Team player 2026 sierra';

test('signs up with Google from the mailed invitation, joins the team, and sees its plan in the License section', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('sso-team-owner', testInfo);
  const colleague = uniqueEmail('sso-team-colleague', testInfo);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  const link = await inviteApi(page.request, colleague);
  const token = tokenOf(link);
  const login = await providerUser('google', { email: colleague, verified: true, given: 'Cora' });

  const context = await browser.newContext();
  const invitee = await context.newPage();
  // Every request that leaves the app: none may carry the token, in its address or its Referer.
  const leaving: Request[] = [];
  invitee.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(appUrl).origin) leaving.push(request);
  });
  await invitee.goto(link);
  await expect(invitee.getByRole('status').filter({ hasText: 'You are joining the team of' })).toContainText(owner);
  await invitee.getByLabel(/I agree to the processing/).check();
  await invitee.getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(invitee).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await signInAtProvider(invitee, login);

  // Joined on the way back: profile, and no license step (the team's applies).
  await expect(invitee.getByText('Step 3 of 3')).toBeVisible();
  await expect(invitee.getByLabel('First name')).toHaveValue('Cora');
  await invitee.getByRole('button', { name: 'Skip for now' }).click();
  const license = invitee.getByRole('region', { name: 'License' });
  await expect(license).toContainText(`You use the license of the team of ${owner.split('@')[0]}.`);
  await expect(license).toContainText('Business');
  await expect(license.getByRole('button', { name: 'Activate license' })).toHaveCount(0);
  await expect(invitee.getByRole('region', { name: `Team of ${owner.split('@')[0]}` }).getByText(colleague)).toBeVisible();
  await capture(invitee, testInfo, 'team-sso-member');
  expect(leaving.length).toBeGreaterThan(0);
  for (const request of leaving) {
    expect(request.url()).not.toContain(token);
    expect((await request.allHeaders()).referer ?? '').not.toContain(token);
  }
  await context.close();

  // The owner sees the colleague in the team list.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Your team' }).getByRole('listitem').filter({ hasText: colleague })).toContainText(
    'Member',
  );
});

test('an existing account joins with Microsoft from the /login banner; a link revoked meanwhile gets its message and the ordinary sign-up', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('sso-team-owner2', testInfo);
  const existing = uniqueEmail('sso-team-existing', testInfo);
  const late = uniqueEmail('sso-team-late', testInfo);
  await registerAccount(page, existing, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  const existingLink = await inviteApi(page.request, existing);
  const lateLink = await inviteApi(page.request, late);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(existingLink);
  await expect(other).toHaveURL(/\/login\?invitation=/);
  await expect(other.getByText('You are joining the team of')).toBeVisible();
  const microsoftLogin = await providerUser('microsoft', { email: existing, verified: true });
  await other.getByRole('link', { name: 'Continue with Microsoft' }).click();
  await signInAtProvider(other, microsoftLogin);
  await expect(other.getByText(`Signed in as ${existing}`)).toBeVisible();
  await expect(other.getByRole('region', { name: `Team of ${owner.split('@')[0]}` })).toBeVisible();
  await context.close();

  // The invitation is revoked while the invitee is at Google: the account is made all the same,
  // the reason is said, and the sign-up goes on as an ordinary one (with the license step).
  const lateContext = await browser.newContext();
  const invitee = await lateContext.newPage();
  await invitee.goto(lateLink);
  await invitee.getByLabel(/I agree to the processing/).check();
  await invitee.getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(invitee).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  const teams = (await (await page.request.get('/team')).json()) as { data: { teams: { invitations: { id: string; email: string }[] }[] } };
  const pending = teams.data.teams[0]?.invitations.find((invitation) => invitation.email === late);
  expect((await page.request.delete(`/team/invitations/${pending?.id}`)).status()).toBe(200);
  await signInAtProvider(invitee, await providerUser('google', { email: late, verified: true }));
  await expect(invitee.getByText('Step 3 of 4')).toBeVisible();
  await expect(invitee.getByRole('alert')).toHaveText('This invitation has been withdrawn. Ask the team for a new one');
  await capture(invitee, testInfo, 'team-sso-revoked');
  await lateContext.close();
});

test('signing in with a password from a link revoked meanwhile: signed in, and the Team section says why', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('team-owner3', testInfo);
  const existing = uniqueEmail('team-withdrawn', testInfo);
  await registerAccount(page, existing, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  const link = await inviteApi(page.request, existing);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other).toHaveURL(/\/login\?invitation=/);
  await expect(other.getByLabel('Email')).toHaveValue(existing);
  const teams = (await (await page.request.get('/team')).json()) as { data: { teams: { invitations: { id: string; email: string }[] }[] } };
  const pending = teams.data.teams[0]?.invitations.find((invitation) => invitation.email === existing);
  expect((await page.request.delete(`/team/invitations/${pending?.id}`)).status()).toBe(200);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByText(`Signed in as ${existing}`)).toBeVisible();
  await expect(other.getByRole('alert').filter({ hasText: 'This invitation has been withdrawn' })).toBeVisible();
  await expect(other.getByRole('region', { name: `Team of ${owner.split('@')[0]}` })).toHaveCount(0);
  await capture(other, testInfo, 'team-login-revoked');
  await context.close();
});

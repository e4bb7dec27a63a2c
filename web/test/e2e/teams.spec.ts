import { registerAccount } from '../support/accounts.ts';
import { capture, createLicense, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { controlUrl } from '../support/ports.ts';
import { expireInvitations, inviteApi, signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Team player 2026 tango';

test('the owner invites a colleague, who signs up from the mail without a verification mail and lands in the team', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('team-owner', testInfo);
  const colleague = uniqueEmail('team-colleague', testInfo);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);

  // The owner invites from the account page.
  await page.goto('/');
  const team = page.getByRole('region', { name: 'Your team' });
  await expect(team.getByText('Only you so far.')).toBeVisible();
  await team.getByLabel('Email').fill(colleague);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByRole('status')).toContainText(`We sent an invitation to ${colleague}`);
  await expect(team.getByRole('heading', { name: 'Pending invitations' })).toBeVisible();
  await expect(team.getByRole('listitem').filter({ hasText: colleague })).toContainText('expires');

  // The mail arrives; the colleague follows its link in a browser of their own.
  const mail = await waitForMail(colleague, /Join the team of/);
  expect(mail.text).toContain(owner);
  const link = /https?:\/\/\S+\/signup\?invitation=\S+/.exec(mail.text)?.[0] ?? '';
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect(invitee.getByRole('status').filter({ hasText: 'You are joining the team of' })).toContainText(owner);
  await expect(invitee.getByLabel('Email')).toHaveValue(colleague);
  await invitee.getByLabel(/I agree to the processing/).check();
  await invitee.getByRole('button', { name: 'Create account' }).click();

  // No inbox step: straight on to the password.
  await expect(invitee.getByText('Step 2 of 3')).toBeVisible();
  await expect(invitee.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await invitee.getByLabel('Password', { exact: true }).fill(password);
  await invitee.getByLabel('Repeat password').fill(password);
  await invitee.getByRole('button', { name: 'Set password' }).click();
  // No license step: the team's license applies.
  await expect(invitee.getByText('Step 3 of 3')).toBeVisible();
  await invitee.getByRole('button', { name: 'Skip for now' }).click();

  // The member's account page shows the team, and the team's license once, in the License card (decision 058).
  const joined = invitee.getByRole('region', { name: `Team of ${owner.split('@')[0]}` });
  await expect(invitee.locator('[aria-labelledby="license-heading"]').getByText('Business')).toBeVisible();
  await expect(joined.getByText('Business')).toHaveCount(0);
  await expect(joined.getByText(colleague)).toBeVisible();
  await capture(invitee, testInfo, 'team-member');
  // The invitation was the only mail: no verification mail for the invited address.
  const mails = (await (await fetch(`${controlUrl}/mails?to=${encodeURIComponent(colleague)}`)).json()) as { subject: string }[];
  expect(mails.map((m) => m.subject)).toEqual([`Join the team of ${owner.split('@')[0]} on Gatehouse`]);
  await context.close();

  // The owner sees the colleague in the team list.
  await page.reload();
  await expect(team.getByRole('listitem').filter({ hasText: colleague })).toContainText('Member');
  await expect(team.getByRole('heading', { name: 'Pending invitations' })).toHaveCount(0);
  await capture(page, testInfo, 'team-owner');
});

test('an existing account accepts through /login; a revoked and an expired invitation get their message and the ordinary sign-up', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('team-owner2', testInfo);
  const existing = uniqueEmail('team-existing', testInfo);
  const revoked = uniqueEmail('team-revoked', testInfo);
  const late = uniqueEmail('team-late', testInfo);
  const signedIn = uniqueEmail('team-signed-in', testInfo);
  await registerAccount(page, existing, password);
  await registerAccount(page, signedIn, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  const existingLink = await inviteApi(page.request, existing);
  const revokedLink = await inviteApi(page.request, revoked);
  const lateLink = await inviteApi(page.request, late);
  const signedInLink = await inviteApi(page.request, signedIn);
  await expireInvitations(late);

  // The existing account opens the sign-up link: it is sent to sign in, with the banner.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(existingLink);
  await expect(other).toHaveURL(/\/login\?invitation=/);
  await expect(other.getByText('You are joining the team of')).toBeVisible();
  await expect(other.getByLabel('Email')).toHaveValue(existing);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('region', { name: `Team of ${owner.split('@')[0]}` })).toBeVisible();
  await context.close();

  // Someone already signed in with the invited address joins with one button.
  const signedInContext = await browser.newContext();
  const third = await signedInContext.newPage();
  await signInApi(third.request, signedIn, password);
  await third.goto(signedInLink);
  await expect(third.getByText(`You are signed in as ${signedIn}.`)).toBeVisible();
  await third.getByRole('button', { name: 'Join the team' }).click();
  await expect(third.getByRole('region', { name: `Team of ${owner.split('@')[0]}` })).toBeVisible();
  await signedInContext.close();

  // The owner revokes an invitation, with confirmation.
  await page.goto('/');
  const team = page.getByRole('region', { name: 'Your team' });
  await expect(team.getByRole('listitem').filter({ hasText: existing })).toContainText('Member');
  const row = team.getByRole('listitem').filter({ hasText: revoked });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText(`Revoke the invitation to ${revoked}?`)).toBeVisible();
  await row.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(team.getByRole('status')).toContainText(`The invitation to ${revoked} was revoked.`);
  await expect(team.getByRole('listitem').filter({ hasText: revoked })).toHaveCount(0);
  await expect(team.getByText('expired')).toBeVisible();

  // The revoked and the expired link: one translated message, then the ordinary sign-up.
  for (const [link, message] of [
    [revokedLink, 'This invitation has been withdrawn. Ask the team for a new one'],
    [lateLink, 'This invitation has expired. Ask the team for a new one'],
  ] as const) {
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByText('You are joining the team of')).toHaveCount(0);
    // The owner is signed in: who, with Continue and Switch account, instead of an empty form (decision 041).
    await expect(page.getByText(`Signed in as ${owner}`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Switch account' }).click();
  await expect(page.getByRole('alert')).toHaveText('This invitation has expired. Ask the team for a new one');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('another address joins only by its own "Join", on a screen that names the team, who invited and the address signed in', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('team-owner3', testInfo);
  const invited = uniqueEmail('team-invited', testInfo);
  const colleague = uniqueEmail('team-forwarded', testInfo);
  await registerAccount(page, colleague, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  const link = await inviteApi(page.request, invited);

  // The invitation was forwarded: signing in with another address does not join by itself.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link.replace('/signup?', '/login?'));
  await other.getByLabel('Email').fill(colleague);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  const join = other.locator('.invitation-join');
  await expect(join).toContainText(`${owner} sent this invitation to ${invited}.`);
  await expect(join).toContainText(`You are signed in as ${colleague}, not with the invited address.`);
  // Signed in, the screen is about joining: neither "Sign in to your account" nor "Create your account".
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('You have been invited to a team');
  await expect(other.getByRole('status').filter({ hasText: 'You are joining the team of' })).toBeVisible();
  await capture(other, testInfo, 'team-join-other-address');
  await other.goto('/');
  await expect(other.getByRole('region', { name: `Team of ${owner.split('@')[0]}` })).toHaveCount(0);

  // Its own press joins.
  await other.goto(link);
  await other.getByRole('button', { name: 'Join the team' }).click();
  await expect(other.getByRole('region', { name: `Team of ${owner.split('@')[0]}` })).toBeVisible();
  await context.close();
});

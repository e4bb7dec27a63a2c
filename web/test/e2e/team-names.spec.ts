import { registerAccount } from '../support/accounts.ts';
import { capture, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { inviteApi, signInApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const password = 'Named team 2026 quartz';

test('the owner names the team; the invitation mail, the banner and the member’s page use the name and the inviter’s name', async ({
  page,
  browser,
}, testInfo) => {
  const owner = uniqueEmail('named-owner', testInfo);
  const colleague = uniqueEmail('named-colleague', testInfo);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.put('/profile', { data: { firstName: 'Grace', familyName: 'Hopper' } })).status()).toBe(200);

  await page.goto('/');
  const team = page.getByRole('region', { name: 'Your team' });
  await team.getByRole('button', { name: 'Rename' }).click();
  const name = team.getByLabel('Team name');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('placeholder', 'Team of Grace Hopper');
  // A bad name is refused with its message, and nothing changes.
  await name.fill('   ');
  await team.getByRole('button', { name: 'Save name' }).click();
  await expect(team.getByText('Enter a name for the team').first()).toBeVisible();
  await name.fill('Night shift');
  await expect(team.getByText('Enter a name for the team')).toHaveCount(0);
  await team.getByRole('button', { name: 'Save name' }).click();
  const named = page.getByRole('region', { name: 'Night shift' });
  await expect(named.getByRole('status')).toHaveText('The team is now called Night shift.');
  await capture(page, testInfo, 'team-named');

  await named.getByLabel('Email addresses').fill(colleague);
  await named.getByRole('button', { name: 'Send invitation' }).click();
  await expect(named.getByRole('status')).toContainText(`We sent an invitation to ${colleague}`);
  const mail = await waitForMail(colleague, /Night shift/);
  expect(mail.subject).toBe('Join the team “Night shift” on Gatehouse');
  expect(mail.text).toContain(`Grace Hopper (${owner}) invited you to join the team “Night shift”`);

  const context = await browser.newContext();
  const invitee = await context.newPage();
  const link = /https?:\/\/\S+\/signup\?invitation=\S+/.exec(mail.text)?.[0] ?? '';
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  const banner = invitee.locator('.invitation-banner');
  await expect(banner).toContainText('You are joining the team “Night shift”');
  await expect(banner).toContainText(`Invitation from Grace Hopper (${owner}).`);
  await invitee.getByLabel(/I agree to the processing/).check();
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await invitee.getByLabel('Password', { exact: true }).fill(password);
  await invitee.getByLabel('Repeat password').fill(password);
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await invitee.getByRole('button', { name: 'Skip for now' }).click();
  await expect(invitee.getByRole('region', { name: 'Night shift' })).toBeVisible();
  await context.close();
});

test('several addresses at once: each answered, an address already invited offers Resend, an invalid one stays to fix', async ({
  page,
}, testInfo) => {
  const owner = uniqueEmail('batch-owner', testInfo);
  const [first, second, pending] = ['batch-a', 'batch-b', 'batch-pending'].map((who) => uniqueEmail(who, testInfo)) as [
    string,
    string,
    string,
  ];
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  await inviteApi(page.request, pending);

  await page.goto('/');
  const team = page.getByRole('region', { name: 'Your team' });
  await team.getByLabel('Email addresses').fill(`${first}, ${pending}\nnot-an-address ${second}`);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByRole('status')).toContainText(`We sent an invitation to ${first}, ${second}.`);
  const again = team.locator('.team__answer').filter({ hasText: pending });
  await expect(again).toContainText('Already invited: the invitation is still pending');
  await expect(team.locator('.team__answer').filter({ hasText: 'not-an-address' })).toContainText('Input a valid email');
  await expect(team.getByLabel('Email addresses')).toHaveValue('not-an-address');
  await capture(page, testInfo, 'team-invite-answers');
  // Resend is a mail like any other: a minute after the first one, it is refused with the reason, in its row.
  await again.getByRole('button', { name: 'Resend' }).click();
  await expect(again.getByRole('alert')).toHaveText('Too many attempts. Please wait a moment and try again');
  await expect(again.getByRole('button', { name: 'Resend' })).toBeVisible();
  await waitForMail(first, /team of/i);
  await waitForMail(second, /team of/i);
});

test('a member of another team sees their own empty team folded away, and unfolded again once they leave', async ({ page }, testInfo) => {
  const owner = uniqueEmail('fold-owner', testInfo);
  const member = uniqueEmail('fold-member', testInfo);
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  const link = await inviteApi(page.request, member);
  await page.request.post('/signout');
  await signInApi(page.request, member, password);
  await page.goto(link.replace('/signup?', '/login?'));
  await page.getByRole('button', { name: 'Join the team' }).click();

  const joined = page.getByRole('region', { name: `Team of ${owner.split('@')[0]}` });
  await expect(joined).toBeVisible();
  const fold = page.locator('details.team-fold');
  await expect(fold).toContainText('Your own team');
  await expect(page.getByRole('region', { name: 'Your team' })).toBeHidden();
  await capture(page, testInfo, 'team-own-folded');
  // Nothing is lost: it opens, and it has its invite form.
  await fold.locator('summary').click();
  await expect(page.getByRole('region', { name: 'Your team' }).getByRole('button', { name: 'Send invitation' })).toBeVisible();

  await joined.getByRole('button', { name: 'Leave' }).click();
  await joined.getByRole('button', { name: 'Leave team' }).click();
  await expect(page.locator('details.team-fold')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your team' })).toBeVisible();
});

test('a password refused for containing the address names the part it contains, under the unchanged message', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('gracehopper', testInfo);
  await registerAccount(page, email, password);
  await signInApi(page.request, email, password);
  await page.goto('/settings/password');
  await page.getByLabel('Current password').fill(password);
  const local = email.split('@')[0] ?? '';
  await page.getByLabel('New password', { exact: true }).fill(`my ${local} secret`);
  await page.getByLabel('Repeat new password').fill(`my ${local} secret`);
  await page.getByRole('button', { name: /Change password/ }).click();
  const error = page.locator('.field--invalid .field__error').first();
  await expect(error).toContainText('Your password must not contain your email address');
  await expect(error.locator('.field__error-detail')).toHaveText(`It contains “${local}”, the part of your address before the @.`);
});

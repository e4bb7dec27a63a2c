// The operator's console (decision 062), once, in English on a desktop: an operator with two
// factors signs in through Gatehouse's own sign-in, finds a customer by part of the address,
// opens the health card, disables the account with a reason, and finds the action in the audit
// log under their own name. State is set up through the control port, not through the UI.
import { errorMessages, formatMessage } from '@gatehouse/contract';
import { totpAt } from '../../../server/test/support/index.ts';
import { catalogues } from '../support/gallery.ts';
import { axeViolations } from '../support/helpers.ts';
import { controlUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const t = catalogues.en;

test.skip(({ isMobile }) => isMobile, 'journeys run on the desktop project');

async function control<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(`${controlUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

test('console: a support operator signs in with two factors, disables a customer with a reason, and the audit shows it', async ({
  page,
}, testInfo) => {
  const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}`;
  const operator = await control<{ email: string; password: string; secret: string }>('/fixtures/two-factor', {
    email: `ops.${stamp}@example.com`,
    signedIn: false,
  });
  await control(`/operators?email=${encodeURIComponent(operator.email)}&role=support`, {});
  const customer = await control<{ email: string; id: string }>('/fixtures/account', {
    email: `Marguerite.Hopper.${stamp}@example.com`,
    signedIn: false,
    license: 'business',
  });
  const { url: adminUrl } = await control<{ url: string }>('/admin');
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // Opening the console sends the operator through Gatehouse's sign-in, whose banner names it.
  await page.goto(`${adminUrl}/console/`);
  await expect(page.getByText(formatMessage(t.appSignIn.continuing, { app: 'Operator console' }))).toBeVisible();
  await page.getByLabel(t.common.email).fill(operator.email);
  await page.getByLabel(t.common.password, { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
  // The code of the step after the enrolment's (as codeAfterEnrolment gives it): the fresh proof below takes the one after.
  const signInStep = Math.floor(Date.now() / 30_000) + 1;
  await page.getByLabel(t.twoFactor.codeLabel).fill(totpAt(operator.secret, new Date(signInStep * 30_000)));
  await page.getByRole('button', { name: t.twoFactor.submit }).click();

  // Back in the console: search first.
  await expect(page).toHaveURL(`${adminUrl}/console/accounts`);
  await expect(page.getByRole('heading', { name: 'Find a customer' })).toBeVisible();
  await expect(page.getByText(operator.email)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`hopper.${stamp}`.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const result = page.getByRole('link', { name: customer.email });
  await expect(result).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(customer.email) }).getByText('address')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('search');

  // The health card, with the remedies beside it.
  await result.click();
  await expect(page.getByRole('heading', { name: customer.email })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign-in health' }).or(page.getByRole('heading', { name: 'Signing in' }))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('health-card');

  // Disable, with a reason; a reason left empty is refused first and changes nothing.
  await page.getByRole('button', { name: /Disable account/ }).click();
  await page.getByRole('button', { name: 'Confirm: Disable account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Give a reason for this action, up to 500 characters');
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();

  // The sign-in is now older than a destructive action allows: the same panel asks for the
  // password and a new code, then disables with the reason already typed.
  await control(`/console-sessions/stale?email=${encodeURIComponent(operator.email)}`, {});
  await page.getByLabel('Reason').fill('Chargeback fraud, ticket 8812');
  await page.getByRole('button', { name: 'Confirm: Disable account' }).click();
  const proof = page.getByRole('group', { name: 'Confirm it is you' });
  await expect(proof).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('remedy-proof');
  await proof.getByLabel('Your password').fill('not the password');
  await proof.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(errorMessages['auth.wrong_password']);
  await proof.getByLabel('Your password').fill(operator.password);
  // A code works once: the one after the sign-in's, which the server takes once its step is near.
  await expect.poll(() => Math.floor(Date.now() / 30_000), { timeout: 40_000 }).toBeGreaterThanOrEqual(signInStep);
  await proof.getByLabel('Authenticator code').fill(totpAt(operator.secret, new Date((signInStep + 1) * 30_000)));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('status')).toHaveText('Disable account: done. The reason is in the audit log.');
  await expect(page.getByText('Disabled', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Enable account/ })).toBeVisible();
  await shot('disabled');

  // The audit log: the operator's action, under their name, with the reason.
  await page.getByRole('link', { name: 'All events of this account' }).click();
  const row = page.getByRole('row', { name: /account_disabled/ });
  await expect(row).toBeVisible();
  await expect(row.getByText(operator.email)).toBeVisible();
  await expect(row.getByText('Chargeback fraud, ticket 8812')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('audit');

  // The customer's team, and the license desk with its 30-day filter.
  await page.goto(`${adminUrl}/console/accounts/${customer.id}`);
  await page
    .getByRole('link', { name: /Hopper/, exact: false })
    .last()
    .click();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('link', { name: customer.email }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('team');
  await page.getByRole('link', { name: 'Licenses' }).click();
  await expect(page.getByRole('heading', { name: 'License desk' })).toBeVisible();
  await page.getByLabel('Key, holder or team').fill(`hopper.${stamp}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('row', { name: /business/ }).getByRole('link', { name: customer.email })).toBeVisible();
  await shot('licenses');
  await page.getByLabel('Key, holder or team').fill('');
  await page.getByLabel('Expiring in 30 days').check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/expiring=30/);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /status=active&expiresBefore=/);
  expect(await axeViolations(page)).toEqual([]);

  // On a phone: the same search and card, one column, the remedies first.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${adminUrl}/console/accounts?q=${encodeURIComponent(`hopper.${stamp}`)}`);
  await expect(page.getByRole('link', { name: customer.email })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('phone-search');
  await page.getByRole('link', { name: customer.email }).click();
  await expect(page.getByRole('button', { name: /Enable account/ })).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await shot('phone-card');

  // Signing out of the console ends its session: the API refuses the cookie from then on.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out of the console.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('phone-signed-out');
  expect((await page.request.get(`${adminUrl}/admin/v1/accounts?q=x`)).status()).toBe(401);
});

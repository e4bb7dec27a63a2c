// The operator's console (decision 062), once, in English on a desktop: an operator with two
// factors signs in through Gatehouse's own sign-in, finds a customer by part of the address,
// opens the health card, disables the account with a reason, and finds the action in the audit
// log under their own name. State is set up through the control port, not through the UI.
import { formatMessage } from '@gatehouse/contract';
import { catalogues } from '../support/gallery.ts';
import { axeViolations } from '../support/helpers.ts';
import { controlUrl } from '../support/ports.ts';
import { codeAfterEnrolment } from '../support/teams.ts';
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
  });
  const { url: adminUrl } = await control<{ url: string }>('/admin');
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // Opening the console sends the operator through Gatehouse's sign-in, whose banner names it.
  await page.goto(`${adminUrl}/console/`);
  await expect(page.getByText(formatMessage(t.appSignIn.continuing, { app: 'Operator console' }))).toBeVisible();
  await page.getByLabel(t.common.email).fill(operator.email);
  await page.getByLabel(t.common.password, { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
  await page.getByLabel(t.twoFactor.codeLabel).fill(codeAfterEnrolment(operator.secret));
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
  await page.getByLabel('Reason').fill('Chargeback fraud, ticket 8812');
  await shot('remedy');
  await page.getByRole('button', { name: 'Confirm: Disable account' }).click();
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
});

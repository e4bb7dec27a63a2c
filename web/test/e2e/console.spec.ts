// The operator's console (decision 062), once, in English on a desktop: an operator with two
// factors signs in through Gatehouse's own sign-in, finds a customer by part of the address,
// opens the health card, disables the account with a reason, and finds the action in the audit
// log under their own name. State is set up through the control port, not through the UI.
import { errorMessages, formatMessage } from '@gatehouse/contract';
import { totpAt } from '../../../server/test/support/index.ts';
import { catalogues } from '../support/gallery.ts';
import { axeViolations, galleryRun } from '../support/helpers.ts';
import { controlUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const t = catalogues.en;

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
  // Screenshots for a person's review, in a gallery run only (decision 054).
  const shot = async (name: string) => {
    if (galleryRun) await page.screenshot({ path: `../artifacts/screenshots/console/${name}.png`, fullPage: true });
  };

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

test('console: each role sees only what it may do; finance issues, extends and revokes a license', async ({ page }, testInfo) => {
  const stamp = `${Date.now().toString(36)}${testInfo.workerIndex}`;
  const { url: adminUrl } = await control<{ url: string }>('/admin');
  const customer = await control<{ email: string; id: string }>('/fixtures/account', {
    email: `Ada.Byron.${stamp}@example.com`,
    signedIn: false,
    license: 'business',
  });
  // Screenshots for a person's review, in a gallery run only (decision 054).
  const shot = async (name: string) => {
    if (galleryRun) await page.screenshot({ path: `../artifacts/screenshots/console/${name}.png`, fullPage: true });
  };
  type Operator = { email: string; password: string; secret: string; cookie: { name: string; value: string } };
  /** An operator of the role, signed in to the console through test support, in this browser. */
  const signInAs = async (role: string) => {
    const operator = await control<Operator>(
      `/console-sessions?email=${encodeURIComponent(`${role}.${stamp}@example.com`)}&role=${role}`,
      {},
    );
    await page.context().clearCookies();
    await page.context().addCookies([{ ...operator.cookie, url: adminUrl }]);
    return { ...operator, enrolStep: Math.floor(Date.now() / 30_000) };
  };
  const remedyButton = page.getByRole('button', { name: /Disable account/ });
  const writeButtons = page.getByRole('button', { name: /^(New licenses|Extend license|Revoke license)/ });

  // Readonly: the card and the desk, with no remedy and no license write on offer.
  await signInAs('readonly');
  await page.goto(`${adminUrl}/console/accounts/${customer.id}`);
  await expect(page.getByRole('heading', { name: customer.email })).toBeVisible();
  await expect(page.getByText('Remedies need the support or owner role; yours can look, not change.')).toBeVisible();
  await expect(remedyButton).toHaveCount(0);
  await page.getByRole('link', { name: 'Licenses' }).click();
  await expect(page.getByRole('row', { name: /business/ }).first()).toBeVisible();
  await expect(writeButtons).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await shot('readonly-licenses');

  // Support: remedies, and the desk to read only.
  await signInAs('support');
  await page.goto(`${adminUrl}/console/accounts/${customer.id}`);
  await expect(remedyButton).toBeVisible();
  await page.getByRole('link', { name: 'Licenses' }).click();
  await expect(page.getByRole('row', { name: /business/ }).first()).toBeVisible();
  await expect(writeButtons).toHaveCount(0);

  // Finance: no remedies, but the license writes.
  const finance = await signInAs('finance');
  await page.goto(`${adminUrl}/console/accounts/${customer.id}`);
  await expect(page.getByRole('heading', { name: customer.email })).toBeVisible();
  await expect(remedyButton).toHaveCount(0);
  await page.getByRole('link', { name: 'Licenses' }).click();
  await page.getByRole('button', { name: 'New licenses' }).click();
  const issue = page.getByRole('region', { name: 'Issue licenses' });
  await issue.getByLabel('Plan').selectOption('pro');
  await issue.getByLabel('How many').fill('2');
  await page.getByRole('button', { name: 'Confirm: Issue licenses' }).click();
  await expect(issue.getByRole('alert')).toHaveText(errorMessages['admin.reason_required']);
  await issue.getByLabel('Reason').fill('Reseller order 4471');
  expect(await axeViolations(page)).toEqual([]);
  await shot('licenses-issue');
  await page.getByRole('button', { name: 'Confirm: Issue licenses' }).click();
  await expect(page.getByRole('status')).toHaveText('Licenses issued: 2. The reason is in the audit log.');
  const keys = page.getByRole('region', { name: 'New license keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(2);
  const key = (await keys.first().textContent()) ?? '';
  expect(key).toMatch(/\w{4}$/);
  expect(await axeViolations(page)).toEqual([]);
  await shot('licenses-issued');
  await page.getByRole('button', { name: 'Done' }).click();

  // A new expiry for one of them, then revoking it: the sign-in is stale by then, so the form asks for the proof.
  await page.getByLabel('Key, holder or team').fill(key);
  await page.getByRole('button', { name: 'Apply' }).click();
  const suffix = key.slice(-4);
  await expect(page.getByRole('row', { name: /pro/ })).toHaveCount(1);
  await page.getByRole('button', { name: `Extend license …${suffix}` }).click();
  const extend = page.getByRole('region', { name: `Extend license …${suffix}` });
  await extend.getByLabel('Reason').fill('Renewal paid, invoice 2290');
  await page.getByRole('button', { name: `Confirm: Extend license …${suffix}` }).click();
  await expect(extend.getByRole('alert')).toHaveText(errorMessages['admin.expiry_invalid']);
  await extend.getByLabel('New expiry').fill(`${new Date().getUTCFullYear() + 2}-03-31`);
  await page.getByRole('button', { name: `Confirm: Extend license …${suffix}` }).click();
  await expect(page.getByRole('status')).toHaveText(`License …${suffix} extended. The reason is in the audit log.`);
  await expect(page.getByRole('row', { name: /pro/ })).toContainText(`Mar 31, ${new Date().getUTCFullYear() + 2}`);

  await control(`/console-sessions/stale?email=${encodeURIComponent(finance.email)}`, {});
  await page.getByRole('button', { name: `Revoke license …${suffix}` }).click();
  const revoke = page.getByRole('region', { name: `Revoke license …${suffix}` });
  await revoke.getByLabel('Reason').fill('Refunded, ticket 9120');
  await page.getByRole('button', { name: `Confirm: Revoke license …${suffix}` }).click();
  const proof = revoke.getByRole('group', { name: 'Confirm it is you' });
  await expect(proof).toBeVisible();
  await expect(page.getByRole('row', { name: /pro/ }).getByText('Not activated', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('licenses-revoke-proof');
  await proof.getByLabel('Your password').fill(finance.password);
  const step = Math.floor(Date.now() / 30_000);
  await proof.getByLabel('Authenticator code').fill(totpAt(finance.secret, new Date(), step > finance.enrolStep ? 0 : 1));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('status')).toHaveText(`License …${suffix} revoked. The reason is in the audit log.`);
  await expect(page.getByRole('row', { name: /pro/ }).getByText('Revoked', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Revoke license …${suffix}` })).toHaveCount(0);
  await shot('licenses-revoked');

  // The audit log names the operator and the reason.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const row = page.getByRole('row', { name: /license_revoked/ }).filter({ hasText: 'Refunded, ticket 9120' });
  await expect(row.getByText(finance.email)).toBeVisible();

  // On a phone: the desk as cards, each license's actions under it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${adminUrl}/console/licenses?q=${encodeURIComponent(`byron.${stamp}`)}`);
  await expect(page.getByRole('button', { name: /^Extend license/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shot('phone-licenses');
  await page
    .getByRole('button', { name: /^Revoke license/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /^Revoke license/ }).getByLabel('Reason')).toBeInViewport();
  await shot('phone-licenses-revoke');
});

test('console: a server that fails to answer who is signed in is said so, not a loop through the sign-in', async ({ page }) => {
  const { url: adminUrl } = await control<{ url: string }>('/admin');
  await page.route('**/console/session', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"server.unavailable"}' }),
  );
  await page.goto(`${adminUrl}/console/accounts`);
  await expect(page.getByRole('alert')).toHaveText(errorMessages['server.unavailable']);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveURL(`${adminUrl}/console/accounts`);
});

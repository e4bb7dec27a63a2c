// Passkeys in a real browser (decision 048): Chromium's virtual authenticator answers WebAuthn;
// the page, the WebAuthn library, the server and the database are all the real ones.
import { registerAccount } from '../support/accounts.ts';
import { linkIn, uniqueEmail, waitForMail } from '../support/helpers.ts';
import { addPasskeyApi, virtualAuthenticator } from '../support/passkeys.ts';
import { expect, test } from '../support/test.ts';

const password = 'Lighthouse keeper 1912';

test('a passkey added in the settings signs in from the login button, which ends the pending autofill first', async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail('passkey', testInfo);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 2 : 1}.40` });
  const authenticator = await virtualAuthenticator(page);
  await registerAccount(page, email, password);
  expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);

  await page.goto('/settings/passkeys');
  await expect(page.getByRole('heading', { level: 2, name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not the password');
  await page.getByRole('button', { name: 'Create the passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted field: Password.');
  await expect(page.getByText('The current password is not correct')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create the passkey' }).click();
  await expect(page.getByText('Your passkey was added. You can sign in with it from now on.')).toBeVisible();
  await expect(page.locator('.passkey')).toHaveCount(1);
  expect(await authenticator.credentials()).toHaveLength(1);

  // Renamed in place, with the password as when it was added.
  await page.getByRole('button', { name: /^Rename / }).click();
  await page.getByLabel('Name').fill('My phone');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The passkey is now called “My phone”.')).toBeVisible();
  await expect(page.locator('.device__name')).toHaveText('My phone');

  // The e-mail field offers the passkey in its autofill (conditional mediation): choosing it signs in.
  const signOut = async () => expect((await page.request.post('/signout')).status()).toBe(200);
  const optionsAsked = page.waitForRequest((request) => request.url().endsWith('/passkey/signin/options'));
  await signOut();
  await page.goto('/login');
  await optionsAsked;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(email).first()).toBeVisible();

  // While the autofill's request is pending, the button ends it and asks on its own.
  await signOut();
  await authenticator.answering(false);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/passkey/signin/options')) asked.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect.poll(() => asked.length).toBe(1);
  await authenticator.answering(true);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(email).first()).toBeVisible();
  expect(asked).toHaveLength(2);
  const session = await (await page.request.get('/session')).json();
  expect(session.data.account.email).toBe(email);

  await page.goto('/settings/passkeys');
  await expect(page.locator('.device__meta')).toContainText('Last used');
});

test('signs up with a passkey instead of a password; its passkeys then change with a mailed code', async ({ page, context }, testInfo) => {
  const email = uniqueEmail('passkey-signup', testInfo);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 2 : 1}.41` });
  await virtualAuthenticator(page);
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(linkIn(await waitForMail(email, /Confirm your email/), '/activate-email'));
  await expect(page.getByRole('heading', { name: 'Choose a password' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();

  const overview = await (await page.request.get('/account')).json();
  expect(overview.data.hasPassword).toBe(false);
  await page.goto('/settings/passkeys');
  await expect(page.locator('.passkey')).toHaveCount(1);
  // Without a password, removing it is confirmed with a mailed code, as adding another is. (That
  // the server then keeps the only way in, passkey.last_method, is the server suite's: the code
  // could not be mailed here within a minute of the sign-up's own mail.)
  await page.getByRole('button', { name: /^Remove / }).click();
  const confirmation = page.getByRole('group', { name: /^Remove “.+”\?$/ });
  await expect(confirmation.getByText('Confirm that it is you with a code we mail to your address.')).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Mail me a code' })).toBeFocused();
  await expect(confirmation.getByRole('textbox', { name: 'Password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(page.getByText('To add a passkey, confirm that it is you with a code we mail to your address.')).toBeVisible();
  await expect(page.locator('.passkey')).toHaveCount(1);
});

test('a passkey is removed only through the confirmation on its row, with the password', async ({ page, context }, testInfo) => {
  const email = uniqueEmail('passkey-remove', testInfo);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.${testInfo.project.name === 'phone' ? 2 : 1}.42` });
  await registerAccount(page, email, password);
  expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
  await addPasskeyApi(context.request, password, 'Work laptop');
  const stored = async () => ((await (await context.request.get('/account/passkeys')).json()) as { data: unknown[] }).data.length;

  await page.goto('/settings/passkeys');
  const row = page.locator('.passkey', { hasText: 'Work laptop' });
  const remove = row.getByRole('button', { name: 'Remove Work laptop' });
  const confirmation = row.getByRole('group', { name: 'Remove “Work laptop”?' });
  const field = confirmation.getByRole('textbox', { name: 'Password', exact: true });

  // The question names the passkey and what follows; the password field takes the focus. Cancel keeps it.
  await remove.click();
  await expect(confirmation).toContainText('Once removed, it no longer signs you in, and we send you an email about it.');
  await expect(field).toBeFocused();
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(remove).toBeFocused();
  expect(await stored()).toBe(1);

  // A wrong password: its error stands under the field, and the passkey stays.
  await remove.click();
  await field.fill('Not the password');
  await confirmation.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('The current password is not correct');
  expect(await stored()).toBe(1);

  await field.fill(password);
  await confirmation.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('“Work laptop” was removed.')).toBeVisible();
  await expect(page.locator('.passkey')).toHaveCount(0);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  expect(await stored()).toBe(0);
  await waitForMail(email, /was removed from your/);
});

test('a browser without passkeys: the login waits in its autofill and shows no error nobody asked for', async ({ page }) => {
  const asked = page.waitForResponse((response) => response.url().endsWith('/passkey/signin/options'));
  await page.goto('/login');
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  // The browser settles the autofill's request at once (no authenticator here): nothing is shown for it.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// Single sign-on in Chromium, through the real OpenID providers' own login pages (oidc-provider
// on loopback, one like Google, one like Microsoft's multi-tenant issuer).
import { registerAccount } from '../support/accounts.ts';
import { capture, finishProviderSignup, providerUser, signInAtProvider, uniqueEmail } from '../support/helpers.ts';
import { analyticsUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

const password = 'Lighthouse keeper 1912';

test('signs up with Google from /signup through the provider to step 3, the license and Finish', async ({ page }, testInfo) => {
  const email = uniqueEmail('sso-signup', testInfo);
  const login = await providerUser('google', { email, verified: true, given: 'Ada', family: 'Lovelace' });
  await page.goto('/signup');
  // The consent comes first, as for the e-mail.
  await page.getByRole('link', { name: 'Sign up with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByText('Accept the consent to continue')).toHaveCount(1);
  await expect(page.getByLabel(/I agree to the processing/)).toBeFocused();
  await capture(page, testInfo, 'sso-signup-consent');
  await page.getByLabel(/I agree to the processing/).check();
  await page.getByRole('link', { name: 'Sign up with Google' }).click();

  // The provider's own login page.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await signInAtProvider(page, login);

  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page).toHaveURL(/\/signup-process$/);
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await capture(page, testInfo, 'sso-signup-profile');
  await finishProviderSignup(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(`Connected as ${email}`)).toBeVisible();
});

test('signs in with Microsoft to an account already linked, and refuses an unverified address', async ({ page, context }, testInfo) => {
  const email = uniqueEmail('sso-ms', testInfo);
  await registerAccount(page, email, password);
  // Microsoft vouches for the address (xms_edov): the first sign-in links, the next signs in by identity.
  const login = await providerUser('microsoft', { email, verified: true });
  for (let round = 0; round < 2; round += 1) {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Microsoft' }).click();
    // The second time the provider remembers the person and sends them straight back.
    if (round === 0) await signInAtProvider(page, login);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
  // Someone else at the provider, in this browser.
  await context.clearCookies({ domain: '127.0.0.1' });

  // nOAuth: the same address at Microsoft without xms_edov neither signs in nor links.
  const attacker = await providerUser('microsoft', { email, verified: false });
  await page.goto('/de/login');
  await page.getByRole('link', { name: 'Weiter mit Microsoft' }).click();
  await signInAtProvider(page, attacker);
  await expect(page).toHaveURL(/\/de\/login\?error=sso\.email_unverified$/);
  await expect(page.getByRole('alert')).toContainText('Es gibt bereits ein Konto mit dieser E-Mail-Adresse');
  await capture(page, testInfo, 'sso-refused-unverified');
});

test('comes back from a cancel at the provider with a message, signed out', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(/\/login\?error=sso\.cancelled$/);
  await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled. Choose a way to sign in to continue');
  await capture(page, testInfo, 'sso-cancelled');
});

test('connects Google on the account page after the password, and disconnects it', async ({ page }, testInfo) => {
  const email = uniqueEmail('sso-connect', testInfo);
  await registerAccount(page, email, password);
  const login = await providerUser('google', { email: `other.${email}`, verified: true });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const section = page.getByRole('region', { name: 'Connected accounts' });
  await section.getByRole('button', { name: 'Connect Google' }).click();
  // A session alone does not connect: the password is asked first, and a wrong one is refused.
  await expect(section.getByText('To connect Google, confirm that it is you with your password.', { exact: false })).toBeVisible();
  await section.getByLabel('Password', { exact: true }).fill('not the password');
  await section.getByRole('button', { name: 'Continue to Google' }).click();
  await expect(section.getByRole('alert')).toBeVisible();
  await capture(page, testInfo, 'sso-connect-confirm');
  await section.getByLabel('Password', { exact: true }).fill(password);
  await section.getByRole('button', { name: 'Continue to Google' }).click();
  await signInAtProvider(page, login);
  await expect(section.getByRole('status')).toHaveText('Google is now connected. You can sign in with it from now on.');
  await expect(section.getByText(`Connected as other.${email}`)).toBeVisible();
  await capture(page, testInfo, 'sso-connected');
  await section.getByRole('button', { name: `Disconnect Google (other.${email})` }).click();
  await expect(section.getByRole('status')).toHaveText('Google was disconnected.');
  await expect(section.getByRole('button', { name: 'Connect Google' })).toBeVisible();
});

test('shows no buttons and no divider where no provider is configured', async ({ page }) => {
  await page.goto(`${analyticsUrl}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeHidden();
  await expect(page.getByText('or sign in with email')).toBeHidden();
});

import * as oidc from 'openid-client';
import { registerAccount } from '../support/accounts.ts';
import { capture, uniqueEmail } from '../support/helpers.ts';
import { appUrl, controlUrl } from '../support/ports.ts';
import { expect, test } from '../support/test.ts';

// One of the operator's apps (registered as by `npm run admin -- client create`) signs a person
// in through Gatehouse with the real openid-client: the login screen names the app and the
// browser goes on to it once signed in.
async function anApp() {
  const client = (await (await fetch(`${controlUrl}/oidc-clients`, { method: 'POST' })).json()) as {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
  };
  const config = await oidc.discovery(new URL(appUrl), client.clientId, client.clientSecret, oidc.ClientSecretBasic(client.clientSecret), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authorize = (params: Record<string, string> = {}) =>
    oidc.calculatePKCECodeChallenge(verifier).then((challenge) =>
      oidc.buildAuthorizationUrl(config, {
        redirect_uri: client.redirectUri,
        scope: 'openid email profile gatehouse',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
        ...params,
      }),
    );
  const redeem = (url: string) => oidc.authorizationCodeGrant(config, new URL(url), { pkceCodeVerifier: verifier, expectedState: state });
  return { client, authorize, redeem };
}

test('an app sends a signed-out person to the login screen, which names it and goes back to it', async ({ page }, testInfo) => {
  const email = uniqueEmail('app-sign-in', testInfo);
  await registerAccount(page, email, 'Correct horse battery');
  const app = await anApp();

  await page.goto((await app.authorize()).href);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foidc%2Finteraction%2F/);
  await expect(page.getByRole('status')).toContainText('Sign in to continue to Monitoring dashboard');
  await capture(page, testInfo, 'app-sign-in');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Correct horse battery');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Back in the app' })).toBeVisible();
  const tokens = await app.redeem(page.url());
  expect(tokens.claims()?.email).toBe(email);

  // Signed in now: the next request from the app comes back with a code, without a screen.
  const again = await anApp();
  await page.goto((await again.authorize()).href);
  await expect(page.getByRole('heading', { name: 'Back in the app' })).toBeVisible();
  expect((await again.redeem(page.url())).claims()?.email).toBe(email);
});

test('the login screen names the app in the language the app asks for', async ({ page }, testInfo) => {
  const app = await anApp();
  await page.goto((await app.authorize({ ui_locales: 'de' })).href);
  await expect(page).toHaveURL(/\/de\/login\?redirectTo=/);
  await expect(page.getByRole('status')).toContainText('Melden Sie sich an, um mit Monitoring dashboard fortzufahren');
  await capture(page, testInfo, 'app-sign-in-de');
});

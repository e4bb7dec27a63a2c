// "This was not me" from the notice to the old address: the screen says what ended (sessions, the
// password, and by name the ways in added since the request) and where the reset link went.
import { formatMessage } from '@gatehouse/contract';
import { passes } from '../states/passes.ts';
import { registerAccount } from '../support/accounts.ts';
import { catalogues } from '../support/gallery.ts';
import { linkIn, waitForMail } from '../support/helpers.ts';
import { addPasskeyApi } from '../support/passkeys.ts';
import { enrolTwoFactorApi } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const t = catalogues.en;

test('"this was not me" ends what was added since the request', async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': '198.19.11.10' });
  const email = `not-me-${Date.now().toString(36)}@example.com`;
  const password = 'Lighthouse keeper 1912';
  await registerAccount(page, email, password);
  expect((await context.request.post('/signin', { form: { email, password } })).status()).toBe(200);
  const moved = await context.request.post('/account/email', { data: { email: `moved-${email}`, currentPassword: password } });
  expect(moved.status()).toBe(200);
  const cancel = linkIn(await waitForMail(email, /./, 2), '/email-change/cancel');
  // Whoever asked for the change then added a passkey and an authenticator: both go with the password.
  await addPasskeyApi(context.request, password);
  await enrolTwoFactorApi(browser, email, password);

  await page.goto(cancel);
  await passes(page, 'email-change-cancel');
  await page.getByRole('button', { name: t.emailChange.cancelSubmit }).click();
  const removed = new Intl.ListFormat('en', { type: 'conjunction' }).format([
    t.emailChange.removedKinds.passkey,
    t.emailChange.removedKinds.authenticator,
  ]);
  expect(formatMessage(t.emailChange.removedSince, { removed }, 'en')).toBe(
    'Also removed, because they were added since the request: passkeys and the authenticator app with its recovery codes.',
  );
  await passes(page, 'email-change-cancelled');
  expect((await context.request.get('/session')).status()).toBe(200);
  expect(((await (await context.request.get('/session')).json()) as { data: unknown }).data).toBeNull();
  // The fifth mail, after the verification, the notice with this link and the passkey's and the authenticator's notices: the reset link.
  await waitForMail(email, /./, 5);
});

// Issue 33: what a person meets on a phone (and on a desktop). Two-factor set up on the phone
// that holds the app, settings that open at their section, support offered when locked out, an
// error said once, the small things. Every state in 8 languages, saved under
// artifacts/screenshots/gallery/<project>/<language>/ and checked with axe in English and German.
import { type Language, languages } from '@gatehouse/contract';
import type { Locator, Page } from '@playwright/test';
import { liveResetLink, registerAccount } from '../support/accounts.ts';
import { catalogues, gallery } from '../support/gallery.ts';
import { createLicense, uniqueEmail } from '../support/helpers.ts';
import { inviteApi, signInApi, tokenOf } from '../support/teams.ts';
import { expect, test } from '../support/test.ts';

const checkedWithAxe: Record<string, Set<Language>> = { desktop: new Set(['en', 'de']), phone: new Set(['en', 'de']) };
const password = 'Phone first 2026 amber';

test.describe.configure({ timeout: 180_000 });

/** True when two elements sit on one line: their vertical middles within half the smaller's height. */
async function onOneLine(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return Math.abs(boxA.y + boxA.height / 2 - (boxB.y + boxB.height / 2)) < Math.min(boxA.height, boxB.height) / 2;
}

/** A signed-in account in the page's context, in the language. */
async function signedIn(page: Page, prefix: string, testInfo: Parameters<typeof uniqueEmail>[1]) {
  const email = uniqueEmail(prefix, testInfo);
  await registerAccount(page, email, password);
  await signInApi(page.request, email, password);
  return email;
}

test('two-factor set-up: the link that opens the app, the key to copy, and a status that says it is under way', async ({
  page,
  context,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
  await signedIn(page, 'phone-2fa', testInfo);
  for (const language of languages) {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/settings/two-factor');
    await expect(page.getByText(t.settings.twoFactor.statusOff)).toBeVisible();
    await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(password);
    await page.getByRole('button', { name: t.settings.twoFactor.start }).click();

    const add = page.getByRole('link', { name: t.settings.twoFactor.addToApp });
    await expect(add).toHaveAttribute('href', /^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    const secret = (await page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
    expect(await add.getAttribute('href')).toContain(`secret=${secret}`);
    // Under way, not off.
    await expect(page.getByText(t.settings.twoFactor.statusSettingUp)).toBeVisible();
    await expect(page.getByText(t.settings.twoFactor.statusOff)).toHaveCount(0);
    // On a phone the app is on this device: its link comes before the QR code, at the top of the block.
    const qr = page.getByRole('img', { name: t.settings.twoFactor.qrAlt });
    const [addBox, qrBox] = [await add.boundingBox(), await qr.boundingBox()];
    expect(
      addBox && qrBox && (phone ? addBox.y < qrBox.y : addBox.y > qrBox.y),
      'the link first on a phone, after the code on a desktop',
    ).toBe(true);
    await g.shot('settings-two-factor-set-up');

    if (language === 'en' || language === 'de') {
      await page.getByRole('button', { name: t.settings.twoFactor.copyKey }).click();
      await expect(page.getByRole('status').filter({ hasText: t.settings.twoFactor.keyCopied })).toBeVisible();
      if (testInfo.project.use.browserName !== 'webkit') {
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      }
      await g.shot('settings-two-factor-key-copied');
    }
    await page.getByRole('button', { name: t.settings.twoFactor.cancel }).click();
    await expect(page.getByText(t.settings.twoFactor.statusOff)).toBeVisible();
  }
});

test('settings on a phone open at the section, with every other section one button away', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await signedIn(page, 'phone-settings', testInfo);
  for (const language of languages) {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/settings/password');
    const heading = page.getByRole('heading', { level: 2, name: t.settings.sections.password });
    await expect(heading).toBeInViewport();
    const nav = page.getByRole('navigation', { name: t.settings.nav });
    const menu = nav.getByRole('button', { name: new RegExp(t.settings.sections.password) });
    const other = nav.getByRole('link', { name: t.settings.sections.sessions });
    if (phone) {
      // The section's own heading is in the first screen, well above the fold.
      const box = await heading.boundingBox();
      expect(box && box.y < 844 / 2, `the heading starts at ${box?.y} px`).toBe(true);
      await expect(other).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await g.shot('settings-phone-section');
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(other).toBeVisible();
      await g.shot('settings-phone-sections-open');
      await other.click();
      await expect(page.getByRole('heading', { level: 2, name: t.settings.sections.sessions })).toBeVisible();
      await expect(nav.getByRole('link', { name: t.settings.sections.password })).toBeHidden();
    } else {
      await expect(menu).toBeHidden();
      await expect(other).toBeVisible();
      await g.shot('settings-desktop-section');
    }
  }
});

test('locked out at the code screen: support is offered as a link, and the way back stays in one piece', async ({ page }, testInfo) => {
  for (const language of languages) {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/login/two-factor');
    await expect(page.getByRole('heading', { level: 1, name: t.twoFactor.heading })).toBeVisible();
    // No brand support link on this host: the install's SUPPORT_CONTACT (the browser suite's server sets one).
    await expect(page.getByRole('link', { name: t.twoFactor.contactSupport })).toHaveAttribute('href', 'mailto:support@example.com');
    const back = page.getByRole('link', { name: t.twoFactor.back });
    expect(await back.evaluate((link) => link.getClientRects().length), 'the link is on one line').toBe(1);
    await g.shot('two-factor-locked-out');
  }
});

test('an error is said once: under its field, with the banner naming the field', async ({ page }, testInfo) => {
  for (const language of languages) {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    const messages: Record<string, string> =
      language === 'en'
        ? (await import('@gatehouse/contract')).errorMessages
        : (await import(`@gatehouse/contract/messages/${language}`)).default;
    await g.visit('/login');
    await page.getByLabel(t.common.email).fill('not-an-address');
    await page.getByRole('button', { name: t.login.submit, exact: true }).click();
    const fields = new Intl.ListFormat(language, { type: 'conjunction' }).format([t.common.email, t.common.password]);
    await expect(page.getByRole('alert')).toContainText(fields);
    for (const code of ['validation.email_invalid', 'validation.password_required']) {
      await expect(page.getByText(messages[code] ?? code, { exact: true })).toHaveCount(1);
    }
    await g.shot('login-errors-once');
  }
});

test('the small things: initials from the address, the team’s license once, Rename and Change beside what they change', async ({
  page,
  browser,
}, testInfo) => {
  const id = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const member = `grace.hopper+${id}@example.com`;
  const owner = `owner-${id}@example.com`;
  await registerAccount(page, member, password);
  await registerAccount(page, owner, password);
  await signInApi(page.request, owner, password);
  expect((await page.request.post('/license/activate', { data: { license: await createLicense('business') } })).status()).toBe(200);
  expect((await page.request.patch('/team', { data: { requireTwoFactor: true, graceDays: 14 } })).status()).toBe(200);
  const token = tokenOf(await inviteApi(page.request, member));

  for (const language of ['en', 'de'] as const) {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit('/');
    const team = page.locator('.team').first();
    const rename = team.getByRole('button', { name: t.team.rename });
    expect(await onOneLine(team.getByRole('heading', { level: 2 }), rename), 'Rename beside the team’s name').toBe(true);
    const change = team.getByRole('button', { name: t.teamTwoFactor.change });
    expect(
      await onOneLine(team.getByRole('heading', { level: 3, name: t.teamTwoFactor.heading }), change),
      'Change beside its heading',
    ).toBe(true);
    await g.shot('team-owner-heads');
  }

  const memberContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const memberPage = await memberContext.newPage();
  try {
    await signInApi(memberPage.request, member, password);
    expect((await memberPage.request.post(`/invitations/${token}/accept`)).status()).toBe(200);
    for (const language of ['en', 'de'] as const) {
      const t = catalogues[language];
      const g = gallery(memberPage, testInfo, language, checkedWithAxe);
      await g.visit('/');
      await expect(memberPage.locator('.account__avatar')).toHaveText('GH');
      // The license the member works under, shown by the License card and not again in the team's.
      await expect(memberPage.getByRole('heading', { level: 2, name: t.account.license })).toBeVisible();
      await expect(memberPage.getByRole('heading', { level: 3, name: t.team.plan })).toHaveCount(0);
      await g.shot('account-member-license-once');
    }
  } finally {
    await memberContext.close();
  }
});

test('a used reset link says so in its heading, with a full sentence and the ways on', async ({ page }, testInfo) => {
  const email = uniqueEmail('phone-reset-used', testInfo);
  const link = await liveResetLink(page, email);
  const token = new URL(link, 'http://x').searchParams.get('token');
  expect((await page.request.post('/user/password-reset', { data: { token, password: 'After the reset 2026' } })).status()).toBe(200);
  for (const language of languages) {
    const t = catalogues[language];
    const g = gallery(page, testInfo, language, checkedWithAxe);
    await g.visit(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.reset.usedHeading);
    await expect(page.getByText(t.reset.usedIntro)).toBeVisible();
    await expect(page.getByRole('link', { name: t.reset.requestNew })).toBeVisible();
    await g.shot('reset-link-used');
  }
});

// What a phone alone does on issue 33's first screens, in English: the settings open at their
// section with the others behind one button, and two-factor's link to the app comes before its QR
// code (the state's own check, at the phone's width). Every language is states.spec.ts's.
import { passes } from '../states/passes.ts';
import { catalogues } from '../support/gallery.ts';
import { accountFixture, fixtureNames } from '../support/states.ts';
import { expect, test } from '../support/test.ts';

const t = catalogues.en;

test('settings on a phone open at the section, with every other section one button away', async ({ page, context }, testInfo) => {
  await accountFixture(context, `phone-settings.${testInfo.workerIndex}.${Date.now().toString(36)}@example.com`, {
    names: fixtureNames.en,
  });
  await page.goto('/settings/password');
  await passes(page, 'settings-phone-section');
  const nav = page.getByRole('navigation', { name: t.settings.nav });
  await nav.getByRole('button', { name: new RegExp(t.settings.sections.password) }).click();
  await passes(page, 'settings-phone-sections-open');
  await nav.getByRole('link', { name: t.settings.sections.sessions }).click();
  await expect(page.getByRole('heading', { level: 2, name: t.settings.sections.sessions })).toBeVisible();
  await expect(nav.getByRole('link', { name: t.settings.sections.password })).toBeHidden();
});

test('two-factor on a phone: the link that opens the app comes before the QR code', async ({ page, context }, testInfo) => {
  const made = await accountFixture(context, `phone-2fa.${testInfo.workerIndex}.${Date.now().toString(36)}@example.com`, {
    names: fixtureNames.en,
  });
  await page.goto('/settings/two-factor');
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(made.password);
  await page.getByRole('button', { name: t.settings.twoFactor.start }).click();
  await passes(page, 'settings-two-factor-set-up');
});

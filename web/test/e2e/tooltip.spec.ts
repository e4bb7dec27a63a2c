import { liveResetLink } from '../support/accounts.ts';
import { capture, uniqueEmail } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

test('field help opens on focus and hover, closes with Escape, and keeps the seed defaults', async ({ page }, testInfo) => {
  await page.goto(await liveResetLink(page, uniqueEmail('tooltip', testInfo)));
  const trigger = page.getByRole('button', { name: 'More information' }).first();
  const tooltip = page.getByRole('tooltip').first();
  await expect(tooltip).toBeHidden();

  await trigger.focus();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText('Any characters work');
  await expect(trigger).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id')) ?? 'missing');
  await expect(tooltip).toHaveCSS('z-index', '9999');
  expect((await tooltip.boundingBox())?.width ?? 999).toBeLessThanOrEqual(350);
  await capture(page, testInfo, 'tooltip');

  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();

  await trigger.blur();
  await trigger.hover();
  await expect(tooltip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();
});

// The checks of the checks (decision 054): each fault the state level is there to catch,
// injected into a copy of a real screen, must be found; the screen as it is must pass. A check
// that stopped finding its fault would let every state pass.
import { catalogues } from '../support/gallery.ts';
import { axeViolations } from '../support/helpers.ts';
import { fitProblems, leakProblems } from '../support/states.ts';
import { expect, test } from '../support/test.ts';

const de = catalogues.de;

test.beforeEach(async ({ page }) => {
  await page.goto('/de/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.login.heading);
});

test('the German sign-in screen as it is passes every check', async ({ page }) => {
  expect(await fitProblems(page)).toEqual([]);
  expect(await leakProblems(page, 'de')).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test('an untranslated string on a German screen is found', async ({ page }) => {
  await page.locator('form').evaluate((form, text) => {
    const p = document.createElement('p');
    p.textContent = text;
    form.append(p);
  }, catalogues.en.login.heading);
  expect(await leakProblems(page, 'de')).toEqual([`English on the page: "${catalogues.en.login.heading}"`]);
});

test('English left in what a screen reader hears is found', async ({ page }) => {
  await page
    .locator('form button[type="submit"]')
    .evaluate((button, text) => button.setAttribute('aria-label', text), catalogues.en.login.submit);
  await page.locator('input[name="email"]').evaluate((input, text) => input.setAttribute('placeholder', text), catalogues.en.login.heading);
  expect(await leakProblems(page, 'de')).toContainEqual(`English on the page: "${catalogues.en.login.heading}"`);
});

test('a button without a name, and an image without a text, are found by axe', async ({ page }) => {
  await page.locator('form').evaluate((form) => {
    const button = document.createElement('button');
    button.type = 'button';
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    form.append(button, image);
  });
  const found = (await axeViolations(page)).map((line) => line.split(':')[0]);
  expect(found).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
});

test('a German label wider than its button, cut off, cut short or pushing the page sideways is found', async ({ page }) => {
  const button = page.locator('form button[type="submit"]');
  await button.evaluate((element) => {
    element.textContent = 'Kontoinhaberauthentifizierungsbestätigung';
    Object.assign((element as HTMLElement).style, { width: '120px', whiteSpace: 'nowrap' });
  });
  expect((await fitProblems(page)).join('\n')).toContain('is wider than its box <button');
  await button.evaluate((element) => {
    (element as HTMLElement).style.overflow = 'hidden';
  });
  expect((await fitProblems(page)).join('\n')).toContain('is cut off in <button');
  await button.evaluate((element) => {
    (element as HTMLElement).style.textOverflow = 'ellipsis';
  });
  expect((await fitProblems(page)).join('\n')).toContain('ends in an ellipsis in <button');
  await button.evaluate((element) => {
    Object.assign((element as HTMLElement).style, { overflow: 'visible', textOverflow: 'clip', width: '3000px' });
  });
  expect((await fitProblems(page)).join('\n')).toContain('the page scrolls sideways');
});

// What a person meets first on a phone, and on a desktop (issue 33): two-factor set up on the
// phone that holds the app, settings that open at their section, support offered when locked out,
// an error said once, the small things of the account page, a used reset link. The relations of a
// layout that differ by viewport are checked here against the page's own width.
import { errorCatalogues } from '@gatehouse/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { fixtureNames, type State, type StateContext } from '../support/states.ts';
import { teamFixture } from '../support/team-fixtures.ts';
import { teamName } from './teams.ts';

/** The width at and below which the screens take their phone layout (settings.css, 30rem). */
const phoneWidth = 480;
const onPhone = (page: Page) => (page.viewportSize()?.width ?? Number.POSITIVE_INFINITY) <= phoneWidth;

/** True when two elements sit on one line: their vertical middles within half the smaller's height. */
async function onOneLine(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return Math.abs(boxA.y + boxA.height / 2 - (boxB.y + boxB.height / 2)) < Math.min(boxA.height, boxB.height) / 2;
}

/** The settings' first step of two-factor: the password, then the link, the QR code and the key. */
async function startEnrolment({ page, t, made }: StateContext): Promise<void> {
  await page.getByRole('textbox', { name: t.common.password, exact: true }).fill(made?.password ?? '');
  await page.getByRole('button', { name: t.settings.twoFactor.start }).click();
}

const settingsNav = (c: StateContext) => c.page.getByRole('navigation', { name: c.t.settings.nav });
const sectionsButton = (c: StateContext) => settingsNav(c).getByRole('button', { name: new RegExp(c.t.settings.sections.password) });
const otherSection = (c: StateContext) => settingsNav(c).getByRole('link', { name: c.t.settings.sections.sessions });

export const phoneStates = {
  // The link that opens the authenticator app, the key to copy, and a status that says it is under way.
  'settings-two-factor-set-up': {
    account: {},
    path: '/settings/two-factor',
    act: startEnrolment,
    shows: async ({ page, t }) => {
      const add = page.getByRole('link', { name: t.settings.twoFactor.addToApp });
      await expect(add).toHaveAttribute('href', /^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
      const secret = (await page.locator('.two-factor-secret').textContent())?.replace(/\s/g, '') ?? '';
      expect(await add.getAttribute('href')).toContain(`secret=${secret}`);
      await expect(page.getByText(t.settings.twoFactor.statusSettingUp)).toBeVisible();
      await expect(page.getByText(t.settings.twoFactor.statusOff)).toHaveCount(0);
      // On a phone the app is on this device: its link comes first, above the QR code.
      const [addBox, qrBox] = [await add.boundingBox(), await page.getByRole('img', { name: t.settings.twoFactor.qrAlt }).boundingBox()];
      const phone = onPhone(page);
      expect(
        addBox && qrBox && (phone ? addBox.y < qrBox.y : addBox.y > qrBox.y),
        `the link ${phone ? 'before' : 'after'} the QR code at ${page.viewportSize()?.width} px`,
      ).toBe(true);
    },
  },
  'settings-two-factor-key-copied': {
    account: {},
    before: async ({ context }) => context.grantPermissions(['clipboard-read', 'clipboard-write']),
    path: '/settings/two-factor',
    act: async (c) => {
      await startEnrolment(c);
      await c.page.getByRole('button', { name: c.t.settings.twoFactor.copyKey }).click();
    },
    shows: async ({ page, t }) => expect(page.getByRole('status').filter({ hasText: t.settings.twoFactor.keyCopied })).toBeVisible(),
  },
  // On a phone the settings open at the section, its heading in the first screen; the others wait behind one button.
  'settings-phone-section': {
    only: 'phone',
    account: {},
    path: '/settings/password',
    shows: async (c) => {
      const heading = c.page.getByRole('heading', { level: 2, name: c.t.settings.sections.password });
      await expect(heading).toBeInViewport();
      const box = await heading.boundingBox();
      const height = c.page.viewportSize()?.height ?? 0;
      expect(box && box.y < height / 2, `the heading starts at ${box?.y} px of ${height}`).toBe(true);
      await expect(otherSection(c)).toBeHidden();
      await expect(sectionsButton(c)).toHaveAttribute('aria-expanded', 'false');
    },
  },
  'settings-phone-sections-open': {
    only: 'phone',
    account: {},
    path: '/settings/password',
    act: async (c) => sectionsButton(c).click(),
    shows: async (c) => {
      await expect(sectionsButton(c)).toHaveAttribute('aria-expanded', 'true');
      await expect(otherSection(c)).toBeVisible();
    },
  },
  // On a desktop every section stays in view beside it, with no button.
  'settings-desktop-section': {
    only: 'desktop',
    account: {},
    path: '/settings/password',
    shows: async (c) => {
      await expect(c.page.getByRole('heading', { level: 2, name: c.t.settings.sections.password })).toBeVisible();
      await expect(sectionsButton(c)).toBeHidden();
      await expect(otherSection(c)).toBeVisible();
    },
  },
  // Locked out at the code screen: support as a link (the install's SUPPORT_CONTACT; the e2e server sets one), the way back in one piece.
  'two-factor-locked-out': {
    path: '/login/two-factor',
    shows: async ({ page, t }) => {
      await expect(page.getByRole('heading', { level: 1, name: t.twoFactor.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: t.twoFactor.contactSupport })).toHaveAttribute('href', 'mailto:support@example.com');
      const back = page.getByRole('link', { name: t.twoFactor.back });
      expect(await back.evaluate((link) => link.getClientRects().length), 'the link is on one line').toBe(1);
    },
  },
  // An error said once: under its field, with the banner naming the fields.
  'login-errors-once': {
    path: '/login',
    act: async ({ page, t }) => {
      await page.getByLabel(t.common.email).fill('not-an-address');
      await page.getByRole('button', { name: t.login.submit, exact: true }).click();
    },
    shows: async ({ page, t, language }) => {
      const fields = new Intl.ListFormat(language, { type: 'conjunction' }).format([t.common.email, t.common.password]);
      await expect(page.getByRole('alert')).toContainText(fields);
      const messages: Record<string, string> = errorCatalogues[language];
      for (const code of ['validation.email_invalid', 'validation.password_required']) {
        await expect(page.getByText(messages[code] ?? code, { exact: true })).toHaveCount(1);
      }
    },
  },
  // The owner's team requires two-factor: Rename beside the team's name, Change beside the rule's heading.
  'team-owner-heads': {
    before: async (c) => {
      await teamFixture(c, {
        name: teamName,
        ownerNames: fixtureNames[c.language],
        invitations: [{}],
        requireTwoFactor: true,
        graceDays: 14,
      });
    },
    path: '/',
    shows: async ({ page, t }) => {
      const team = page.locator('.team').first();
      const rename = team.getByRole('button', { name: t.team.rename, exact: true });
      expect(await onOneLine(team.getByRole('heading', { level: 2 }), rename), 'Rename beside the team’s name').toBe(true);
      const change = team.getByRole('button', { name: t.teamTwoFactor.change, exact: true });
      expect(
        await onOneLine(team.getByRole('heading', { level: 3, name: t.teamTwoFactor.heading }), change),
        'Change beside its heading',
      ).toBe(true);
    },
  },
  // A member without a name: the avatar's initials from the address, the team's license said once.
  'account-member-license-once': {
    before: async (c) => {
      await teamFixture(c, { name: teamName, members: [{ address: 'grace.hopper' }], signedIn: { member: 0 } });
    },
    path: '/',
    shows: async ({ page, t }) => {
      await expect(page.locator('.account__avatar')).toHaveText('GH');
      await expect(page.getByRole('heading', { level: 2, name: t.account.license })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: t.team.plan })).toHaveCount(0);
    },
  },
  // A used reset link says so in its heading, with a full sentence and the way on.
  'reset-link-used': {
    account: { usedResetLink: true },
    path: ({ made }) => made?.resetLink ?? '/reset',
    shows: async ({ page, t }) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.reset.usedHeading);
      await expect(page.getByText(t.reset.usedIntro)).toBeVisible();
      await expect(page.getByRole('link', { name: t.reset.requestNew })).toBeVisible();
    },
  },
} satisfies Record<string, State>;

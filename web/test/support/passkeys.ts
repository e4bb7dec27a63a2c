import type { CDPSession, Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator on a page, through the DevTools protocol: a platform
 * authenticator (CTAP2, internal) that keeps resident keys and verifies the person, answering
 * every request at once as if touched. WebAuthn itself runs for real in the browser.
 */
export async function virtualAuthenticator(page: Page, options: { userVerified?: boolean; synced?: boolean } = {}) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: options.userVerified ?? true,
      automaticPresenceSimulation: true,
      // A synced passkey (a password manager's): backup eligible and backed up.
      ...(options.synced ? { defaultBackupEligibility: true, defaultBackupState: true } : {}),
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Whether the person answers prompts at once; when not, a request stays pending until it is ended. */
    answering: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

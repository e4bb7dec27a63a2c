import { type APIRequestContext, type CDPSession, expect, type Page } from '@playwright/test';
import { SoftAuthenticator } from '../../../server/test/support/index.ts';
import { appUrl } from './ports.ts';

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

/**
 * Adds a passkey to the account a request context is signed in to, as the settings do (the proof,
 * the options, the new passkey), answered by the server suite's software authenticator: for a
 * test about what follows, without the settings' screens and the browser's dialog.
 */
export async function addPasskeyApi(api: APIRequestContext, password: string, name?: string): Promise<void> {
  const options = await api.post('/account/passkeys/options', { data: { currentPassword: password } });
  expect(options.status(), await options.text()).toBe(200);
  const response = new SoftAuthenticator().create((await options.json()).data, appUrl);
  const added = await api.post('/account/passkeys', { data: { response, ...(name ? { name } : {}) } });
  expect(added.status(), await added.text()).toBe(200);
}

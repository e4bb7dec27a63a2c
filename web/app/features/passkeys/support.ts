// Apart from the ceremony's code (passkey-client.ts): the screens ask these before they load
// that code, which they do only when a passkey is asked for (decision 053).

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in the e-mail field's autofill (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return (await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false)) === true;
}

import type { ErrorCode } from '@gatehouse/contract/browser';
import { type ApiResult, api } from '../../lib/api.ts';
import { languageOfPath, loadErrorMessages } from '../../lib/i18n.tsx';

// The WebAuthn browser library loads when a passkey is used (decision 048), never with the page:
// a screen offers passkeys with support.ts, loads this module when a passkey is asked for
// (decision 053), and the library comes with it.
const loadWebAuthn = () => import('@simplewebauthn/browser');
let loaded: Awaited<ReturnType<typeof loadWebAuthn>> | undefined;

export type Ceremony<T> = ApiResult<T> & {
  /** Ended by the page itself (a newer ceremony took its place): nothing to tell the person. */
  aborted?: boolean;
  /** The browser answered with a passkey the person chose: the result is the server's. */
  chosen?: boolean;
};

/** Ends a pending ceremony (the autofill's), so a new one can start. */
export function cancelPendingCeremony(): void {
  loaded?.WebAuthnAbortService.cancelCeremony();
}

async function refusal(code: ErrorCode): Promise<Ceremony<never>> {
  await loadErrorMessages(languageOfPath(window.location.pathname)).catch(() => {});
  return { error: code, code, status: 0 };
}

/**
 * One ceremony: the server's options (fetched while the library loads), the browser's dialog,
 * then `finish` with its answer. A dialog the person closed or that timed out is
 * `passkey.cancelled`; one ended by the page is `aborted`.
 */
export async function ceremony<T>(
  kind: 'sign-in' | 'autofill' | 'create',
  options: { path: string; body?: Record<string, unknown> },
  finish: (response: unknown) => Promise<ApiResult<T>>,
): Promise<Ceremony<T>> {
  const [asked, library] = await Promise.all([
    api<Record<string, unknown>>('POST', options.path, options.body ?? {}),
    loadWebAuthn().catch(() => undefined),
  ]);
  if (!library) return refusal('network.failed');
  loaded = library;
  if (!asked.data) return asked as Ceremony<never>;
  let response: unknown;
  try {
    const optionsJSON = asked.data as never;
    response =
      kind === 'create'
        ? await library.startRegistration({ optionsJSON })
        : await library.startAuthentication({ optionsJSON, useBrowserAutofill: kind === 'autofill' });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERROR_CEREMONY_ABORTED') return { status: 0, aborted: true };
    return refusal(code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' ? 'passkey.already_added' : 'passkey.cancelled');
  }
  return { ...(await finish(response)), chosen: true };
}

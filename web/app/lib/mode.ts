import {
  type AccountView,
  type Language,
  panelBasePath,
  api as paths,
  type SigninAnswer,
  type TwoFactorPrompt,
  type TwoFactorSigninAnswer,
} from '@gatehouse/contract/browser';
import { type ApiResult, api, form, sendWithEveryCall } from './api.ts';
import { markPanelSignin, panelCredentials, receivePanelCredentials } from './panel.ts';
import { runtimeConfig } from './runtime-config.ts';

type Answer<T = unknown> = Promise<ApiResult<T>>;

/** What the sign-up's first screen sends; a mode adds what it needs. */
export interface SignupBody {
  email: string;
  dataProcessingConsent: true;
  consent: boolean;
  analyticsConsent: boolean;
  locale: Language;
  invitation?: string;
  /** The starting tab's own secret, to learn when the sign-up went on elsewhere (decision 041). */
  watch?: string;
  /** The app sign-in the sign-up started from (decision 039). */
  redirectTo?: string;
}

/**
 * The account calls whose shape depends on where the app runs (the seed's section 7): each mode
 * sends its own payloads to its own routes, and the screens call these without knowing which.
 */
export interface AccountClient {
  /** Signs in, or for an account with a second factor answers the prompt for it (decision 046). */
  signIn(email: string, password: string): Answer<SigninAnswer>;
  /** The second step of a sign-in: the authenticator's code or a recovery code. */
  secondFactor(body: { code: string } | { recoveryCode: string }): Answer<TwoFactorSigninAnswer>;
  signUp(body: SignupBody): Answer<{ email: string; token?: string }>;
  /** The first password, with the verified link's token or the mailed code; signs in. */
  setFirstPassword(input: {
    email: string;
    password: string;
    token: string;
    code: string;
    consent: boolean;
    analyticsConsent: boolean;
  }): Answer<SigninAnswer>;
  saveProfile(body: Record<string, unknown>): Answer<AccountView>;
  /** Mails a reset link, or a code for the same address. */
  requestReset(email: string, locale: Language): Answer;
  /** A new password from the mail: the link's token, or the address and its code. */
  resetPassword(input: { password: string; token: string; email: string; code: string }): Answer;
}

/**
 * Where the app runs, decided once at start (decision 036): the account client of that place and
 * what its screens differ in. Screens read these capabilities, never the mode's name.
 */
export interface Mode {
  account: AccountClient;
  /** How a mail proves the mailbox: a link, or a 6-digit code typed in the app. */
  mailed: 'link' | 'code';
  /** "Continue with Google/Microsoft": a panel page never leaves for the API's origin. */
  singleSignOn: boolean;
  /** The license step activates a platform license here (with the installation's key), or says where to. */
  platformLicenseHere: boolean;
  /**
   * Whether the account can have signed in to the operator's apps here: their sign-ins go through
   * a Gatehouse session on its own origin, which a panel's page never holds (decision 044).
   */
  openIdApps: boolean;
  /**
   * Whether an app's pending sign-in is continued to through a one-time hand-over to a top-level
   * session: a panel's session lives in a cookie partitioned to the panel's site, which Gatehouse's
   * own origin never receives when the app's sign-in runs there (decision 049).
   */
  handsOverToApps: boolean;
  /**
   * Passkeys (decision 048): a panel's page is another origin, whose passkeys would be the
   * panel's, and the server refuses every passkey call from one.
   */
  passkeys: boolean;
  /** Headers every call carries; built here only. */
  headers(): Record<string, string>;
  /** The seed's assetsLink (section 3). */
  assetsLink(): string;
  /** Takes what the host page hands in; returns what stops listening. */
  start(): () => void;
}

const standalone: Mode = {
  account: {
    // The seed's form post.
    signIn: (email, password) => api('POST', paths.signin, form({ email, password })),
    secondFactor: (body) => api('POST', paths.signinTwoFactor, body),
    signUp: (body) => api('POST', paths.signup, { ...body }),
    setFirstPassword: ({ email, password, token, consent, analyticsConsent }) =>
      api('POST', paths.setPassword, { email, password, token, consent, analyticsConsent }),
    saveProfile: (body) => api('PUT', paths.profile, body),
    requestReset: (email, locale) => api('POST', paths.initPasswordReset, { email, locale }),
    resetPassword: ({ password, token }) => api('POST', paths.passwordReset, { password, token }),
  },
  mailed: 'link',
  singleSignOn: true,
  platformLicenseHere: false,
  openIdApps: true,
  handsOverToApps: false,
  passkeys: true,
  headers: () => ({}),
  assetsLink: () => './',
  start: () => () => {},
};

/** Whether a way in asked for the second factor instead of signing in. */
export function asksSecondFactor(data: unknown): data is TwoFactorPrompt {
  return typeof data === 'object' && data !== null && 'twoFactor' in data;
}

/** A call that signs in from a panel leaves the marker its plugin reads; a prompt for the second factor signs nobody in yet. */
async function marking<T>(answer: Answer<T>): Answer<T> {
  const result = await answer;
  if (!result.error && !asksSecondFactor(result.data)) markPanelSignin();
  return result;
}

/**
 * Inside a hosting panel: codes instead of links, the panel user's credentials with the seed's
 * calls, and the installation's key in X-API-KEY on every call (the server refuses a signed-in
 * call from a panel's page without it, decision 031).
 */
const panel: Mode = {
  account: {
    signIn: (email, password) => marking(api('POST', paths.cpSignin, { email, password, ...panelCredentials() })),
    secondFactor: (body) => marking(api('POST', paths.signinTwoFactor, body)),
    signUp: (body) => api('POST', paths.signup, { ...body, otp: true, ...panelCredentials() }),
    setFirstPassword: ({ email, password, code, consent, analyticsConsent }) =>
      marking(
        api('POST', paths.completeOtpRegistration, {
          email,
          password,
          code,
          userId: panelCredentials().userId,
          consent,
          analyticsConsent,
        }),
      ),
    saveProfile: (body) => api('PUT', paths.cpProfile, body),
    // A code is mailed only for a registered panel's own page, with its apiKey.
    requestReset: (email, locale) => api('POST', paths.initPasswordReset, { email, locale, otp: true, apiKey: panelCredentials().apiKey }),
    resetPassword: ({ password, code, email }) => marking(api('POST', paths.passwordResetOtp, { password, code, email })),
  },
  mailed: 'code',
  singleSignOn: false,
  platformLicenseHere: true,
  openIdApps: false,
  handsOverToApps: true,
  passkeys: false,
  headers: () => ({ 'X-API-KEY': panelCredentials().apiKey }),
  assetsLink: () => `${window.location.origin}${panelBasePath}`,
  start: receivePanelCredentials,
};

let chosen: Mode | undefined;

/**
 * The mode of this page: chosen on the first call in the browser, from the deployment's settings
 * (loaded before the app), and kept. Prerendering has no deployment: the standalone pages.
 */
export function mode(): Mode {
  if (chosen) return chosen;
  if (typeof window === 'undefined') return standalone;
  chosen = runtimeConfig().mode === 'control-panel' ? panel : standalone;
  sendWithEveryCall(chosen.headers);
  return chosen;
}

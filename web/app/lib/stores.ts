import type { BrandView, Language } from '@gatehouse/contract/browser';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { mode } from './mode.ts';

// Key prefix and suffixes from the seed (-signup, -signupBase), prefix from docs/product.md.
export const storageKeys = { signup: 'gatehouse-signup', signupBase: 'gatehouse-signupBase' } as const;
const session = createJSONStorage(() => sessionStorage);

export interface SignupState {
  email: string;
  /** In memory only: never written to sessionStorage (docs/product.md, sign-up store). */
  password: string;
  name: string;
  lastName: string;
  consent: boolean;
  analyticsConsent: boolean;
  token: string;
  /** A license key to activate at the end of sign-up (from /redeem). */
  pendingLicense: string;
  /** A team invitation to another address than the one signed up: its Join screen follows the sign-up. */
  invitation: string;
  /** The secret this tab asks the server with whether the sign-up went on on another device (decision 041). */
  watch: string;
  /** The app sign-in the sign-up was started from: Finish continues there (decision 039). */
  continueTo: string;
  update(patch: Partial<Omit<SignupState, 'update' | 'reset'>>): void;
  reset(): void;
}

const signupDefaults = {
  email: '',
  password: '',
  name: '',
  lastName: '',
  consent: false,
  analyticsConsent: false,
  token: '',
  pendingLicense: '',
  invitation: '',
  watch: '',
  continueTo: '',
};

export const useSignupStore = create<SignupState>()(
  persist(
    (set) => ({
      ...signupDefaults,
      update: (patch) => set(patch),
      reset: () => set(signupDefaults),
    }),
    {
      name: storageKeys.signup,
      storage: session,
      skipHydration: true,
      partialize: ({ password: _password, update: _update, reset: _reset, ...rest }) => rest,
    },
  ),
);

/** The one-time code is kept apart from the sign-up data, in memory. */
export const useOtpStore = create<{ otpCode: string; setOtpCode(code: string): void }>()((set) => ({
  otpCode: '',
  setOtpCode: (otpCode) => set({ otpCode }),
}));

export interface SignupBaseState {
  currentLanguage: Language;
  openDrawer: boolean;
  currentStep: number;
  maxSteps: number;
  progressVisibleInDrawer: boolean;
  steps: string[];
  cnameConfig: BrandView | null;
  assetsLink: string;
  update(patch: Partial<Omit<SignupBaseState, 'update'>>): void;
}

export const useBaseStore = create<SignupBaseState>()(
  persist(
    (set) => ({
      currentLanguage: 'en',
      openDrawer: false,
      currentStep: 0,
      maxSteps: 0,
      progressVisibleInDrawer: false,
      steps: [],
      cnameConfig: null,
      assetsLink: './',
      update: (patch) => set(patch),
    }),
    { name: storageKeys.signupBase, storage: session, skipHydration: true, partialize: ({ update: _update, ...rest }) => rest },
  ),
);

/** Reads both stores from sessionStorage; done after hydration so the first render matches the prerendered HTML. */
export async function rehydrateStores(): Promise<void> {
  await Promise.all([useSignupStore.persist.rehydrate(), useBaseStore.persist.rehydrate()]);
  useBaseStore.getState().update({ assetsLink: mode().assetsLink() });
  useHydrated.setState({ done: true });
}

/** True once the stores hold what sessionStorage had. */
export const useHydrated = create<{ done: boolean }>(() => ({ done: false }));

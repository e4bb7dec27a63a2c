import type { SsoProviderName } from '@gatehouse/contract/browser';
import type { JSX } from 'react';
import { GoogleLogo, MicrosoftLogo } from '../../components/icons.tsx';
import type { MessageKey } from '../../lib/i18n.tsx';

/**
 * What the web adds to the contract's provider registry (`ssoProviderRegistry`, decision 030):
 * each provider's mark and the texts of its sign-in and sign-up buttons.
 */
export const providerLook: Record<SsoProviderName, { Logo: () => JSX.Element; signin: MessageKey; signup: MessageKey }> = {
  google: { Logo: GoogleLogo, signin: 'sso.google', signup: 'sso.signupGoogle' },
  microsoft: { Logo: MicrosoftLogo, signin: 'sso.microsoft', signup: 'sso.signupMicrosoft' },
};

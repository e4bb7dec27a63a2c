import { api as paths, type SsoProviderName } from '@gatehouse/contract/browser';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { WayInProofForm } from '../settings/way-in-proof.tsx';

/**
 * Connecting a provider asks for a fresh proof first, like the other account changes: the
 * password, or for an account without one a code mailed to its address (decision 030). The
 * server answers where the browser goes next, the provider's page.
 */
export function ConnectProvider({
  provider,
  name,
  hasPassword,
  onCancel,
}: {
  provider: SsoProviderName;
  name: string;
  hasPassword: boolean;
  onCancel(): void;
}) {
  const { t, language } = useI18n();
  return (
    <WayInProofForm
      hasPassword={hasPassword}
      codePath={paths.ssoLinkCode}
      texts={{
        password: t('connected.confirmPassword', { provider: name }),
        code: t('connected.confirmCode', { provider: name }),
        codeSent: t('connected.codeSent'),
        sendCode: t('connected.sendCode'),
        proceed: t('connected.proceed', { provider: name }),
        cancel: t('connected.cancel'),
      }}
      proceed={async (proof) => {
        const result = await api<{ location: string }>('POST', paths.ssoLink, { provider, locale: language, ...proof });
        if (result.data) window.location.assign(result.data.location);
        return result;
      }}
      onCancel={onCancel}
    />
  );
}

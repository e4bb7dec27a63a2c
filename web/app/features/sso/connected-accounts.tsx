import {
  type ErrorCode,
  isSsoProvider,
  api as paths,
  type SsoIdentitiesResponse,
  type SsoProviderName,
  ssoProviderRegistry,
  ssoProviders,
} from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { isTeamNotice } from '../teams/team-section.tsx';
import { ConnectProvider } from './connect-provider.tsx';
import { providerLook } from './sso-providers.tsx';

const nameOf = (provider: SsoProviderName) => ssoProviderRegistry[provider].name;

/**
 * The account page's "Connected accounts": the Google and Microsoft identities that sign in
 * to this account, a Connect button for each configured provider (asking for the password or a
 * mailed code first), and Disconnect (refused by
 * the server when it would remove the last way in). Hidden where no provider is configured
 * and nothing is connected.
 */
export function ConnectedAccounts() {
  const { t, errorCode } = useI18n();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<SsoIdentitiesResponse | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<SsoProviderName | undefined>();
  const arrived = params.get('error');
  const connected = params.get('connected');
  // Read once (the query is dropped after the first render); a code is known once the messages are loaded.
  const [notice, setNotice] = useState<{ code?: ErrorCode; arrived?: string; success?: string } | undefined>(() =>
    arrived ? { arrived } : isSsoProvider(connected) ? { success: t('connected.done', { provider: nameOf(connected) }) } : undefined,
  );
  const arrivedCode = errorCode(notice?.arrived);
  // A team invitation's reason (after signing in from it) is the Team section's to show.
  const noticeCode = notice?.code ?? (isTeamNotice(arrivedCode) ? undefined : arrivedCode);

  const load = useCallback(async () => {
    const result = await api<SsoIdentitiesResponse>('GET', paths.ssoIdentities);
    if (result.data) setState(result.data);
  }, []);
  useEffect(() => {
    void load();
    // The outcome of a round trip to the provider is shown once, not on every reload.
    if (params.has('error') || params.has('connected')) setParams({}, { replace: true });
  }, [load, params, setParams]);

  const configured = runtimeConfig().sso ?? [];
  if (!state || (configured.length === 0 && state.identities.length === 0)) return null;
  const unconnected = ssoProviders.filter((p) => configured.includes(p) && !state.identities.some((i) => i.provider === p));

  const disconnect = async (id: string, provider: SsoProviderName) => {
    setBusy(id);
    const result = await api('DELETE', paths.ssoIdentity.replace(':id', encodeURIComponent(id)));
    setBusy(undefined);
    setNotice(
      result.error ? { code: result.code ?? 'server.internal' } : { success: t('connected.removed', { provider: nameOf(provider) }) },
    );
    if (!result.error) await load();
  };

  return (
    <section className="card" aria-labelledby="connected-heading">
      <div>
        <h2 id="connected-heading">{t('connected.heading')}</h2>
        <p className="muted">{t('connected.intro')}</p>
      </div>
      {noticeCode && <FormAlert code={noticeCode} />}
      {notice?.success && <FormAlert tone="success">{notice.success}</FormAlert>}
      <ul className="connections">
        {state.identities.map((identity) => {
          const { Logo } = providerLook[identity.provider];
          const name = nameOf(identity.provider);
          return (
            <li key={identity.id} className="connection">
              <Logo />
              <div className="connection__who">
                <strong>{name}</strong>
                <span className="muted">
                  {identity.email ? t('connected.connectedAs', { email: identity.email }) : t('connected.connectedSince')}
                </span>
              </div>
              <Button
                type="button"
                variant="secondary"
                busy={busy === identity.id}
                aria-label={t('connected.disconnectLabel', { provider: name, email: identity.email ?? '' })}
                onClick={() => void disconnect(identity.id, identity.provider)}
              >
                {t('connected.disconnect')}
              </Button>
            </li>
          );
        })}
        {unconnected.map((provider) => {
          const { Logo } = providerLook[provider];
          return (
            <li key={provider} className="connection">
              <Logo />
              <div className="connection__who">
                <strong>{nameOf(provider)}</strong>
                <span className="muted">{t('connected.notConnected')}</span>
              </div>
              {confirming !== provider && (
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={t('connected.connectLabel', { provider: nameOf(provider) })}
                  onClick={() => setConfirming(provider)}
                >
                  {t('connected.connect')}
                </Button>
              )}
              {confirming === provider && (
                <div className="connection__confirm">
                  <ConnectProvider
                    provider={provider}
                    name={nameOf(provider)}
                    hasPassword={state.hasPassword}
                    onCancel={() => setConfirming(undefined)}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { type SsoProviderName, ssoProviders } from '@gatehouse/contract/browser';
import type { MouseEvent } from 'react';
import { Divider } from '../../components/ui.tsx';
import { apiBase } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { mode as appMode } from '../../lib/mode.ts';
import { providerLook } from './sso-providers.tsx';

/** Where a button leads: /connect/{provider} on the API, with the person's language and the rest. */
export function connectUrl(provider: SsoProviderName, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `${apiBase()}/connect/${provider}?${params}`;
}

/**
 * "Continue with …" for each provider of the registry, and the divider under them. Every button is in the
 * prerendered page; the deployment's runtime-config.js names the configured providers on
 * <html data-sso>, and the stylesheet shows only those (none: no divider either), so nothing
 * moves when the app starts. Hosting panels never show them: codes are that mode's way in.
 * `start` decides where a press leads (undefined: stay, e.g. a consent is missing).
 */
export function SsoButtons({
  mode,
  divider,
  start,
}: {
  mode: 'login' | 'signup';
  divider: string;
  start: (provider: SsoProviderName) => string | undefined;
}) {
  const { t } = useI18n();
  if (!appMode().singleSignOn) return null;
  const label = (provider: SsoProviderName) => t(providerLook[provider][mode === 'login' ? 'signin' : 'signup']);
  const press = (provider: SsoProviderName) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = start(provider);
    if (target) window.location.assign(target);
  };
  return (
    <div className="sso-block">
      <div className="sso">
        {ssoProviders.map((provider) => {
          const { Logo } = providerLook[provider];
          return (
            <a
              key={provider}
              className="button button--secondary"
              data-provider={provider}
              href={`/connect/${provider}`}
              onClick={press(provider)}
            >
              <Logo />
              <span>{label(provider)}</span>
            </a>
          );
        })}
      </div>
      <Divider>{divider}</Divider>
    </div>
  );
}

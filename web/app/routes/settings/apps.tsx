import { type ConnectedAppView, api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { Section } from '../../features/settings/section.tsx';
import { endListItem, formatDateTime, useSettingsList } from '../../features/settings/settings-api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

/** The operator's apps this account signed in to, with when, and signing out of one (decision 044). */
export default function AppsSection() {
  const { t, language } = useI18n();
  const { items: apps, load } = useSettingsList<ConnectedAppView>(paths.connectedApps);
  const [message, setMessage] = useState<string>();
  const f = useForm();

  // An app signed out elsewhere meanwhile is the outcome asked for.
  const end = (app: ConnectedAppView) =>
    endListItem(f, setMessage, {
      path: paths.connectedApp.replace(':id', encodeURIComponent(app.id)),
      gone: 'oidc.app_not_connected',
      message: t('settings.apps.ended', { app: app.name }),
      load,
    });

  return (
    <Section name="apps" intro={t('settings.apps.intro')}>
      <FormAlert code={f.formError} />
      <FormAlert tone="success">{message}</FormAlert>
      {!apps ? (
        <span className="spinner" aria-hidden="true" />
      ) : apps.length === 0 ? (
        <p className="muted">{t('settings.apps.none')}</p>
      ) : (
        <ul className="boxed-list">
          {apps.map((app) => (
            <li key={app.id} className="device">
              <div className="device__main">
                <p className="device__name">{app.name}</p>
                <p className="device__meta">
                  <span>{t('settings.apps.signedIn', { date: formatDateTime(app.signedInAt, language) })}</span>
                  <span>{t('settings.apps.lastUsed', { date: formatDateTime(app.lastUsedAt, language) })}</span>
                </p>
              </div>
              <form method="post" onSubmit={end(app)}>
                <Button variant="secondary" busy={f.busy} aria-label={t('settings.apps.endLabel', { app: app.name })}>
                  {t('settings.apps.end')}
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

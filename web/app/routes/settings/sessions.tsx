import { api as paths, type SessionView } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { Section } from '../../features/settings/section.tsx';
import { endListItem, formatDateTime, settingsApi, useSettingsList } from '../../features/settings/settings-api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

/** Every live session with its browser, system, address and times; end one, or all others. */
export default function SessionsSection() {
  const { t, language } = useI18n();
  const { items: sessions, load } = useSettingsList<SessionView>(paths.sessions);
  const [message, setMessage] = useState<string>();
  const f = useForm();

  const device = (session: SessionView) => {
    const browser = session.browser ?? t('settings.sessions.unknownBrowser');
    return session.os ? t('settings.sessions.on', { browser, os: session.os }) : browser;
  };
  const end = (session: SessionView) =>
    endListItem(f, setMessage, {
      path: paths.session_.replace(':id', encodeURIComponent(session.id)),
      gone: 'auth.session_not_found',
      message: t('settings.sessions.ended'),
      load,
    });
  const endOthers = f.onSubmit(async () => {
    setMessage(undefined);
    const result = await settingsApi<{ ended: number }>('POST', paths.sessionsEndOthers);
    if (result.error || !result.data) return f.fail(result);
    f.clear();
    setMessage(t('settings.sessions.endedOthers', { count: result.data.ended }));
    await load();
  });

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <Section name="sessions" intro={t('settings.sessions.intro')}>
      <FormAlert code={f.formError} />
      <FormAlert tone="success">{message}</FormAlert>
      {!sessions ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <>
          <ul className="boxed-list">
            {sessions.map((session) => (
              <li key={session.id} className="device">
                <div className="device__main">
                  <p className="device__name">
                    {device(session)}
                    {session.current && <span className="badge badge--active">{t('settings.sessions.thisDevice')}</span>}
                  </p>
                  <p className="device__meta">
                    {session.ip && <span>{t('settings.sessions.ip', { ip: session.ip })}</span>}
                    <span>{t('settings.sessions.signedIn', { date: formatDateTime(session.createdAt, language) })}</span>
                    <span>{t('settings.sessions.lastActive', { date: formatDateTime(session.lastSeenAt, language) })}</span>
                  </p>
                </div>
                {!session.current && (
                  <form method="post" onSubmit={end(session)}>
                    <Button variant="secondary" busy={f.busy} aria-label={t('settings.sessions.endLabel', { device: device(session) })}>
                      {t('settings.sessions.end')}
                    </Button>
                  </form>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <form method="post" onSubmit={endOthers} className="settings-form">
              <Button variant="secondary" busy={f.busy}>
                {t('settings.sessions.endOthers')}
              </Button>
            </form>
          ) : (
            <p className="muted">{t('settings.sessions.none')}</p>
          )}
        </>
      )}
    </Section>
  );
}

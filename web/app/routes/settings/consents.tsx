import { type ConsentsView, api as paths } from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { Checkbox } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { Block, Section } from '../../features/settings/section.tsx';
import { formatDateTime, settingsApi } from '../../features/settings/settings-api.ts';
import { rememberAnalyticsConsent } from '../../lib/analytics.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

/**
 * What one ledger entry did: a consent given, withdrawn after it had been given, or declined
 * (not given at sign-up). The ledger is newest first, so earlier entries come after it.
 */
function change(ledger: ConsentsView['ledger'], index: number): 'granted' | 'revoked' | 'declined' {
  const entry = ledger[index];
  if (!entry || entry.granted) return 'granted';
  return ledger.slice(index + 1).some((earlier) => earlier.kind === entry.kind && earlier.granted) ? 'revoked' : 'declined';
}

/** Marketing and analytics consent, given or withdrawn; the ledger of every change below. */
export default function ConsentsSection() {
  const { t, language } = useI18n();
  const [view, setView] = useState<ConsentsView>();
  const [marketing, setMarketing] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [saved, setSaved] = useState(false);
  const f = useForm();

  const show = useCallback((next: ConsentsView) => {
    setView(next);
    setMarketing(next.marketingAt !== null);
    setAnalytics(next.analyticsAt !== null);
  }, []);
  useEffect(() => {
    void settingsApi<ConsentsView>('GET', paths.accountConsents).then((result) => result.data && show(result.data));
  }, [show]);

  const save = f.onSubmit(async () => {
    setSaved(false);
    const result = await settingsApi<ConsentsView>('PUT', paths.accountConsents, { consent: marketing, analyticsConsent: analytics });
    if (result.error || !result.data) return f.fail(result);
    f.clear();
    // The web app reads this cookie before loading analytics at all.
    rememberAnalyticsConsent(analytics);
    show(result.data);
    setSaved(true);
  });

  const given = (at: string | null) =>
    at ? t('settings.consents.givenOn', { date: formatDateTime(at, language) }) : t('settings.consents.notGiven');
  return (
    <Section name="consents" intro={t('settings.consents.intro')}>
      {!view ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <>
          <form method="post" ref={f.ref} onSubmit={save} noValidate className="form settings-form">
            <FormAlert code={f.formError} />
            <FormAlert tone="success">{saved && !f.formError ? t('settings.saved') : null}</FormAlert>
            <div className="consent-list">
              <div className="consent">
                <p className="consent__title">{t('settings.consents.dataProcessing')}</p>
                <p className="consent__text">{t('settings.consents.dataProcessingText')}</p>
                <p className="consent__when">{given(view.dataProcessingAt)}</p>
              </div>
              <div className="consent">
                <Checkbox name="consent" checked={marketing} onChange={(e) => setMarketing(e.target.checked)}>
                  <span className="consent__title">{t('settings.consents.marketing')}</span>
                  <span className="consent__text">{t('settings.consents.marketingText')}</span>
                </Checkbox>
                <p className="consent__when">{given(view.marketingAt)}</p>
              </div>
              <div className="consent">
                <Checkbox name="analyticsConsent" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)}>
                  <span className="consent__title">{t('settings.consents.analytics')}</span>
                  <span className="consent__text">{t('settings.consents.analyticsText')}</span>
                </Checkbox>
                <p className="consent__when">{given(view.analyticsAt)}</p>
              </div>
            </div>
            <Button busy={f.busy}>{t('settings.consents.submit')}</Button>
          </form>
          <Block title={t('settings.consents.history')} intro={t('settings.consents.historyIntro')}>
            <ol className="ledger">
              {view.ledger.map((entry, index) => (
                <li key={`${entry.at}-${entry.kind}`} className="ledger__entry">
                  <span className="ledger__kind">{t(`settings.consents.kinds.${entry.kind}`)}</span>
                  <span className="ledger__meta">
                    <span className={`ledger__change ledger__change--${entry.granted ? 'given' : 'withdrawn'}`}>
                      {t(`settings.consents.${change(view.ledger, index)}`)}
                    </span>
                    <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                    <span>{t('settings.consents.policy', { version: entry.policyVersion })}</span>
                  </span>
                </li>
              ))}
            </ol>
          </Block>
        </>
      )}
    </Section>
  );
}

import { Checkbox } from '../../components/fields.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/** The two optional consents of a sign-up (marketing mail, analytics), as the password and profile steps offer them. */
export function ConsentChoices(props: {
  consent: boolean;
  analyticsConsent: boolean;
  onConsent(value: boolean): void;
  onAnalyticsConsent(value: boolean): void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Checkbox name="consent" checked={props.consent} onChange={(e) => props.onConsent(e.target.checked)}>
        {t('profile.marketing')}
      </Checkbox>
      <Checkbox name="analyticsConsent" checked={props.analyticsConsent} onChange={(e) => props.onAnalyticsConsent(e.target.checked)}>
        {t('profile.analytics')}
      </Checkbox>
    </>
  );
}

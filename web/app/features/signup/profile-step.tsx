import { useState } from 'react';
import { NameFields } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button, ScreenHeading } from '../../components/ui.tsx';
import { rememberAnalyticsConsent } from '../../lib/analytics.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { mode } from '../../lib/mode.ts';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import { useForm } from '../../lib/use-form.ts';
import { ConsentChoices } from './consent-choices.tsx';
import { useFinish } from './finish.ts';
import { signupLength, signupStep } from './steps.ts';

/** Step 3: optional names and consents, or skip. */
export function ProfileStep() {
  const { t, language } = useI18n();
  const stored = useSignupStore();
  const [name, setName] = useState(stored.name);
  const [lastName, setLastName] = useState(stored.lastName);
  const [consent, setConsent] = useState(stored.consent);
  const [analyticsConsent, setAnalyticsConsent] = useState(stored.analyticsConsent);
  const f = useForm();
  const finish = useFinish();
  // A sign-up from a team invitation has no license step: the team's license applies.
  const last = useBaseStore((s) => s.maxSteps) === signupLength.teamMember;
  const next = () => (last ? void finish() : useBaseStore.getState().update({ currentStep: signupStep.activation }));

  const submit = f.onSubmit(async () => {
    const body = { firstName: name, familyName: lastName, consent, analyticsConsent, locale: language };
    const result = await mode().account.saveProfile(body);
    if (result.error) return f.fail(result);
    rememberAnalyticsConsent(analyticsConsent);
    useSignupStore.getState().update({ name, lastName, consent, analyticsConsent });
    next();
  });

  return (
    <>
      <ScreenHeading title={t('profile.heading')} intro={t('profile.intro')} />
      <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
        <FormAlert code={f.formError} />
        <NameFields firstName={name} familyName={lastName} onFirstName={setName} onFamilyName={setLastName} errors={f.fields} optional />
        <div className="consents">
          <ConsentChoices
            consent={consent}
            analyticsConsent={analyticsConsent}
            onConsent={setConsent}
            onAnalyticsConsent={setAnalyticsConsent}
          />
        </div>
        <Button busy={f.busy}>{t('common.save')}</Button>
        <Button type="button" variant="ghost" onClick={next}>
          {t('common.skip')}
        </Button>
      </form>
    </>
  );
}

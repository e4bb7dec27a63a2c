import { type Language, languageNames, languageOr, languages } from '@gatehouse/contract/browser';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NameFields } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { useSettings } from '../../features/settings/context.ts';
import { Section } from '../../features/settings/section.tsx';
import { rememberLanguage, switchLanguagePath, useI18n } from '../../lib/i18n.tsx';
import { mode } from '../../lib/mode.ts';
import { useBaseStore } from '../../lib/stores.ts';
import { useForm } from '../../lib/use-form.ts';

/** Names and the one language of the interface and of every mail. */
export default function ProfileSection() {
  const { t, language } = useI18n();
  const { session, refresh } = useSettings();
  const { account } = session;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const languageId = useId();
  const [firstName, setFirstName] = useState(account.firstName ?? '');
  const [familyName, setFamilyName] = useState(account.familyName ?? '');
  const [locale, setLocale] = useState<Language>(account.locale);
  const [saved, setSaved] = useState(false);
  const f = useForm();

  const save = f.onSubmit(async () => {
    setSaved(false);
    const body = { firstName, familyName, locale };
    const result = await mode().account.saveProfile(body);
    if (result.error) return f.fail(result);
    f.clear();
    setSaved(true);
    await refresh();
    if (locale !== language) {
      rememberLanguage(locale);
      useBaseStore.getState().update({ currentLanguage: locale });
      navigate(switchLanguagePath(pathname, locale), { replace: true });
    }
  });

  return (
    <Section name="profile" intro={t('settings.profile.intro')}>
      <form method="post" ref={f.ref} onSubmit={save} noValidate className="form settings-form">
        <FormAlert code={f.formError} />
        <FormAlert tone="success">{saved && !f.formError ? t('settings.saved') : null}</FormAlert>
        <NameFields
          firstName={firstName}
          familyName={familyName}
          onFirstName={setFirstName}
          onFamilyName={setFamilyName}
          errors={f.fields}
        />
        <div className="field">
          <label htmlFor={languageId} className="field__label">
            {t('settings.profile.language')}
          </label>
          <select
            id={languageId}
            name="locale"
            className="field__input"
            value={locale}
            aria-describedby={`${languageId}-hint`}
            onChange={(e) => setLocale(languageOr(e.target.value, locale))}
          >
            {languages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageNames[code]}
              </option>
            ))}
          </select>
          <p id={`${languageId}-hint`} className="field__hint">
            {t('settings.profile.languageHint')}
          </p>
        </div>
        <Button busy={f.busy}>{t('settings.profile.submit')}</Button>
      </form>
    </Section>
  );
}

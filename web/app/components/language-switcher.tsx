import { type Language, languageNames, languages } from '@gatehouse/contract';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberLanguage, switchLanguagePath, useI18n } from '../lib/i18n.tsx';
import { useBaseStore } from '../lib/stores.ts';
import { GlobeIcon } from './icons.tsx';

export function LanguageSwitcher() {
  const { t, language } = useI18n();
  const id = useId();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  function change(next: Language) {
    rememberLanguage(next);
    useBaseStore.getState().update({ currentLanguage: next });
    navigate(`${switchLanguagePath(pathname, next)}${search}`, { replace: true });
  }
  return (
    <div className="language">
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <GlobeIcon className="language__icon" />
      <select id={id} value={language} onChange={(event) => change(event.target.value as Language)}>
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

import { type Language, languageNames, languageOr, languages } from '@gatehouse/contract/browser';
import { useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useEarlyChoice } from '../lib/early-input.ts';
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
  // A language chosen on the prerendered page, before the app ran, is switched to now.
  const ref = useRef<HTMLSelectElement>(null);
  useEarlyChoice(ref, language, (value) => change(languageOr(value, language)));
  return (
    <div className="language">
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <GlobeIcon className="language__icon" />
      <select ref={ref} id={id} value={language} onChange={(event) => change(languageOr(event.target.value, language))}>
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

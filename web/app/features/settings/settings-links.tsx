import { sectionIcons } from '../../components/later-icons.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { LocalLink } from '../../lib/navigation.tsx';
import { offeredSections } from './context.ts';

/** The account page's way into the settings: one link per section, each with what it holds. */
export function SettingsLinks() {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t('settings.title')}</h2>
      <ul className="settings-links">
        {offeredSections().map((section) => {
          const Icon = sectionIcons[section];
          return (
            <li key={section}>
              <LocalLink to={`/settings/${section}`} className="settings-links__item">
                <span className="icon-tile">
                  <Icon />
                </span>
                <span className="settings-links__text">
                  <strong>{t(`settings.sections.${section}`)}</strong>
                  <span>{t(`settings.hints.${section}`)}</span>
                </span>
              </LocalLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

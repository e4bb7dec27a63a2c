import { type AccountOverview, api as paths } from '@gatehouse/contract/browser';
import { useCallback, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PageTitle } from '../../components/brand-mark.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { sectionIcons } from '../../components/later-icons.tsx';
import { Loading } from '../../components/ui.tsx';
import { offeredSections, type SettingsContext } from '../../features/settings/context.ts';
import { settingsApi } from '../../features/settings/settings-api.ts';
import { localizedPath, useI18n } from '../../lib/i18n.tsx';
import { LocalLink, useLocalNavigate } from '../../lib/navigation.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useSession } from '../../lib/use-session.ts';

/**
 * The settings page: a list of sections (a column on a desktop, a scrolling row on a phone),
 * each its own bookmarkable path (/settings/profile …), and the chosen section beside it.
 */
export default function SettingsLayout() {
  const { t, language } = useI18n();
  const navigate = useLocalNavigate();
  const { session, refresh: refreshSession } = useSession();
  const [overview, setOverview] = useState<AccountOverview>();
  const [goodbye, setGoodbye] = useState<string>();
  const accountId = session?.account.id;
  // On a phone the sections' list opens from a button naming the section shown (decision 058).
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const current = offeredSections().find((section) => pathname.split('/').includes(section));
  const CurrentIcon = current && sectionIcons[current];

  const loadOverview = useCallback(async () => {
    const result = await settingsApi<AccountOverview>('GET', paths.account);
    if (result.data) setOverview(result.data);
  }, []);
  useEffect(() => {
    if (accountId) void loadOverview();
  }, [accountId, loadOverview]);
  useEffect(() => {
    if (session === null && !goodbye) navigate('/login', { replace: true });
  }, [session, goodbye, navigate]);

  if (goodbye) {
    return (
      <div className="error-screen">
        <div className="error-screen__card">
          <PageTitle title={t('settings.delete.doneHeading')} />
          <span className="error-screen__icon">
            <CheckIcon />
          </span>
          <h1>{t('settings.delete.doneHeading')}</h1>
          <p className="error-screen__text">{rich(t('settings.delete.done'), { email: <Email value={goodbye} /> })}</p>
          <LocalLink className="button button--primary" to="/signup">
            {t('settings.delete.signUp')}
          </LocalLink>
        </div>
      </div>
    );
  }
  if (!session || !overview) {
    return <Loading title={t('settings.title')} />;
  }
  const context: SettingsContext = {
    session,
    overview,
    refresh: async () => {
      await Promise.all([refreshSession(), loadOverview()]);
    },
    deleted: setGoodbye,
  };
  return (
    <div className="settings">
      <header className="screen-heading">
        <LocalLink to="/" className="settings__back">
          {t('settings.backToAccount')}
        </LocalLink>
        <h1>{t('settings.title')}</h1>
      </header>
      <div className="settings__body">
        <nav className={`settings__nav${menuOpen ? ' settings__nav--open' : ''}`} aria-label={t('settings.nav')}>
          {CurrentIcon && current && (
            <button
              type="button"
              className="settings__menu"
              aria-expanded={menuOpen}
              aria-controls="settings-sections"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <CurrentIcon />
              <span className="settings__menu-current">{t(`settings.sections.${current}`)}</span>
              <span className="settings__menu-all">{t('settings.allSections')}</span>
            </button>
          )}
          <ul id="settings-sections">
            {offeredSections().map((section) => {
              const Icon = sectionIcons[section];
              return (
                <li key={section}>
                  <NavLink
                    to={localizedPath(`/settings/${section}`, language)}
                    className="settings__link"
                    onClick={() => setMenuOpen(false)}
                  >
                    <Icon />
                    <span>{t(`settings.sections.${section}`)}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="settings__content">
          <Outlet context={context} />
        </div>
      </div>
    </div>
  );
}

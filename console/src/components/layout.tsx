import { KeyRound, LogOut, type LucideIcon, ScrollText, Search } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import type { TextKey } from '../i18n/en.ts';
import { useI18n } from '../i18n/index.tsx';
import { useSession } from './session-gate.tsx';

const sections: { to: string; label: TextKey; icon: LucideIcon }[] = [
  { to: '/accounts', label: 'nav.search', icon: Search },
  { to: '/licenses', label: 'nav.licenses', icon: KeyRound },
  { to: '/audit', label: 'nav.audit', icon: ScrollText },
];

export function Layout() {
  const { t } = useI18n();
  const { session, signOut } = useSession();
  const { operator } = session;
  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('app.skip')}
      </a>
      <header className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            G
          </span>
          <span className="brand-text">
            <span className="brand-product">{t('app.product')}</span>
            <span className="brand-name">{t('app.name')}</span>
          </span>
        </div>
        <nav className="nav" aria-label={t('nav.main')}>
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} className={({ isActive }) => `nav-link${isActive ? ' active' : ''}`}>
              <section.icon className="nav-icon" aria-hidden="true" size={18} />
              {t(section.label)}
            </NavLink>
          ))}
        </nav>
        <div className="operator">
          <span className="operator-email" title={operator.email}>
            {operator.email}
          </span>
          <span className={`role-badge role-${operator.role}`}>{t(`nav.role.${operator.role}`)}</span>
          <button type="button" className="button ghost small sign-out" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" size={15} />
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main id="content" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

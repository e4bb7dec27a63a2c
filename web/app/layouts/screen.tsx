import { defaultLanguage, isLanguage } from '@gatehouse/contract/browser';
import { useEffect } from 'react';
import { Outlet, type UIMatch, useLocation, useMatches, useParams } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { I18nProvider, languageOfPath, localeCookie, rememberLanguage } from '../lib/i18n.tsx';
import { DefaultLayout } from './default.tsx';
import { LoginSignupLayout } from './login-signup.tsx';

export type LayoutName = 'default' | 'login-signup';
/** A screen names its layout in its route metadata: `export const handle = { layout: 'login-signup' }`. */
export interface ScreenHandle {
  layout?: LayoutName;
}

const layouts = { default: DefaultLayout, 'login-signup': LoginSignupLayout } satisfies Record<LayoutName, unknown>;

function layoutOf(matches: UIMatch[]): LayoutName {
  const handle = matches.at(-1)?.handle as ScreenHandle | undefined;
  return handle?.layout ?? 'default';
}

export default function Screen() {
  const { lang } = useParams();
  const matches = useMatches();
  const { pathname } = useLocation();
  // A page opened in a language is a choice of that language: links from mails come back to it.
  useEffect(() => {
    if (isLanguage(lang) && !document.cookie.includes(`${localeCookie}=${lang}`)) rememberLanguage(lang);
  }, [lang]);
  // "/xx/login" with xx not one of our languages is no page of ours.
  if (lang !== undefined && !isLanguage(lang)) {
    return (
      <I18nProvider language={defaultLanguage}>
        <ErrorScreen status={404} standalone />
      </I18nProvider>
    );
  }
  const Layout = layouts[layoutOf(matches)];
  return (
    // An unknown page under a language prefix (/de/no-such-page) is told in that language.
    <I18nProvider language={lang ?? languageOfPath(pathname)}>
      <Layout>
        <Outlet />
      </Layout>
    </I18nProvider>
  );
}

import type { Config } from '../../config.ts';

/** The cookie that binds a single sign-on flow to the browser that started it (decision 015). */
export function flowCookie(config: Config) {
  return {
    name: config.session.secure ? '__Host-gatehouse_sso' : 'gatehouse_sso',
    options: { path: '/', httpOnly: true, secure: config.session.secure, sameSite: 'lax' as const },
  };
}

export const localized = (path: string, language: string | undefined) =>
  !language || language === 'en' ? path : path === '/' ? `/${language}` : `/${language}${path}`;

import type { Config } from '../../config.ts';
import { ceremonyCookie } from '../../http/session.ts';

/** The cookie that binds a single sign-on flow to the browser that started it (decision 015). */
export function flowCookie(config: Config) {
  return ceremonyCookie(config, 'gatehouse_sso', 'lax');
}

export const localized = (path: string, language: string | undefined) =>
  !language || language === 'en' ? path : path === '/' ? `/${language}` : `/${language}${path}`;

import { useCallback } from 'react';
import { Link, type LinkProps, useNavigate } from 'react-router';
import { localizedPath, useI18n } from './i18n.tsx';

/** A link to a screen in the current language. */
export function LocalLink({ to, ...props }: LinkProps & { to: string }) {
  const { language } = useI18n();
  return <Link to={localizedPath(to, language)} {...props} />;
}

export function useLocalNavigate() {
  const navigate = useNavigate();
  const { language } = useI18n();
  // The same function from render to render: effects that depend on it (a timed redirect) run
  // once, instead of again at every render.
  return useCallback(
    (to: string, options?: { replace?: boolean; state?: unknown }) => navigate(localizedPath(to, language), options),
    [navigate, language],
  );
}

/** Only same-site paths may be a redirect target ("/redeem/…", never "//evil.example"). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  return fallback;
}

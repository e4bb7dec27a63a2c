import { DefaultLayout } from '../layouts/default.tsx';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink } from '../lib/navigation.tsx';
import { AlertIcon } from './icons.tsx';

/** Status messages longer than this (a stack, a library's explanation) go below, not in the label. */
const shortMessage = 60;

/**
 * The error page: the 404 template for status 404, the general one otherwise. The status
 * message defaults to "Page Not Found" / "Internal Server Error" (seed section 2); a message
 * taken from the error is shown as it is, a long one in a details line of its own.
 * `standalone` draws the page chrome too, for errors caught above the layouts.
 */
export function ErrorScreen({ status, message, standalone = false }: { status: number; message?: string; standalone?: boolean }) {
  const { t } = useI18n();
  const notFound = status === 404;
  const title = notFound ? t('titles.notFound') : t('titles.error');
  const fallback = notFound ? t('errors.statusNotFound') : t('errors.statusError');
  const fits = !notFound && message && message.length <= shortMessage && !message.includes('\n');
  const screen = (
    <div className="error-screen">
      <title>{title}</title>
      <div className="error-screen__card">
        <span className="error-screen__icon">
          <AlertIcon />
        </span>
        <p className="error-screen__status">
          {status} · {fits ? message : fallback}
        </p>
        <h1>{title}</h1>
        <p className="error-screen__text">{notFound ? t('errors.notFoundText') : t('errors.errorText')}</p>
        {!notFound && message && !fits && <p className="error-screen__detail">{message}</p>}
        <LocalLink className="button button--primary" to="/">
          {t('errors.goHome')}
        </LocalLink>
      </div>
    </div>
  );
  return standalone ? <DefaultLayout>{screen}</DefaultLayout> : screen;
}

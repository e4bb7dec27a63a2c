import { useI18n } from '../lib/i18n.tsx';
import { LocalLink } from '../lib/navigation.tsx';
import { AlertIcon } from './icons.tsx';

/**
 * The error page: the 404 template for status 404, the general one otherwise. The status
 * message defaults to "Page Not Found" / "Internal Server Error" (seed section 2).
 */
export function ErrorScreen({ status, message, standalone = false }: { status: number; message?: string; standalone?: boolean }) {
  const { t } = useI18n();
  const notFound = status === 404;
  const title = notFound ? t('titles.notFound') : t('titles.error');
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper className="error-screen">
      <title>{title}</title>
      <div className="error-screen__card">
        <AlertIcon className="error-screen__icon" />
        <p className="error-screen__status">
          {status} · {notFound ? t('errors.statusNotFound') : message && !message.includes('\n') ? message : t('errors.statusError')}
        </p>
        <h1>{title}</h1>
        <p>{notFound ? t('errors.notFoundText') : t('errors.errorText')}</p>
        <LocalLink className="button button--primary" to="/">
          {t('errors.goHome')}
        </LocalLink>
      </div>
    </Wrapper>
  );
}

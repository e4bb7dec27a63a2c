import { type LicensePreview, type LicenseView, normalizeLicenseKey, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { Button, Loading, ScreenHeading } from '../components/ui.tsx';
import { PlanSummary } from '../features/license/plan.tsx';
import { SignedInAs } from '../features/signed-in/signed-in-card.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { type ApiResult, api } from '../lib/api.ts';
import { useBrand } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink } from '../lib/navigation.tsx';
import { useForm } from '../lib/use-form.ts';
import { useSession } from '../lib/use-session.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/** A license from a purchase mail: show its plan; signed in, activate it; signed out, go through sign-in or sign-up and come back. */
export default function Redeem() {
  const { t } = useI18n();
  const brand = useBrand();
  const { pathname } = useLocation();
  const key = normalizeLicenseKey(useParams().license ?? '');
  const { session } = useSession();
  const [preview, setPreview] = useState<ApiResult<LicensePreview>>();
  const [activated, setActivated] = useState<LicenseView>();
  const f = useForm();

  useEffect(() => {
    void api<LicensePreview>('GET', paths.licensePreview.replace(':license', encodeURIComponent(key))).then(setPreview);
  }, [key]);

  const activate = f.onSubmit(async () => {
    const result = await api<LicenseView>('POST', paths.licenseActivate, { license: key });
    if (result.error) return f.fail(result);
    setActivated(result.data);
  });

  const back = encodeURIComponent(pathname);
  const license = activated ?? preview?.data;
  return (
    <>
      <PageTitle title={t('titles.redeem')} />
      <ScreenHeading
        title={activated ? t('redeem.activatedHeading') : t('redeem.heading')}
        intro={activated ? undefined : t('redeem.intro')}
      />
      {!preview || session === undefined ? (
        <Loading />
      ) : !license ? (
        <>
          <FormAlert code={preview.code ?? 'license.not_found'} />
          <LocalLink className="button button--secondary" to="/">
            {t('errors.goHome')}
          </LocalLink>
        </>
      ) : (
        <>
          <PlanSummary license={license} />
          <form method="post" ref={f.ref} onSubmit={activate} className="form">
            <FormAlert code={f.formError} tone={activated ? 'success' : 'error'}>
              {activated && session
                ? t('redeem.activated', { plan: t(`plans.${activated.plan}`), email: session.account.email })
                : undefined}
            </FormAlert>
            {activated ? (
              brand.dashboardUrl ? (
                <a className="button button--primary" href={brand.dashboardUrl}>
                  {t('common.backToDashboard')}
                </a>
              ) : (
                <LocalLink className="button button--primary" to="/">
                  {t('common.continue')}
                </LocalLink>
              )
            ) : license.status !== 'available' ? (
              <FormAlert tone="info">{t('redeem.unavailable')}</FormAlert>
            ) : session ? (
              <>
                {/* Which account the license goes to. */}
                <SignedInAs email={session.account.email} />
                <Button busy={f.busy}>{t('redeem.activate')}</Button>
              </>
            ) : (
              <>
                <p className="muted">{t('redeem.signedOut')}</p>
                <LocalLink className="button button--primary" to={`/login?redirectTo=${back}`}>
                  {t('redeem.signIn')}
                </LocalLink>
                <LocalLink className="button button--secondary" to={`/signup?redirectTo=${back}`}>
                  {t('redeem.createAccount')}
                </LocalLink>
              </>
            )}
          </form>
        </>
      )}
    </>
  );
}

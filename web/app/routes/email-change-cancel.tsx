import { api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { AlertIcon } from '../components/icons.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink } from '../lib/navigation.tsx';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/**
 * "This was not me", from the notice to the old address. It waits for a click: mail scanners
 * open links before people do, and must not sign anybody out.
 */
export default function EmailChangeCancel() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const f = useForm();

  const stop = f.onSubmit(async () => {
    const result = await api('POST', paths.accountEmailCancel, { token: params.get('token') ?? '' });
    if (result.error) return f.fail(result);
    setDone(true);
  });

  return (
    <>
      <PageTitle title={t('emailChange.cancelHeading')} />
      <ScreenHeading icon={<AlertIcon />} title={t('emailChange.cancelHeading')} intro={done ? undefined : t('emailChange.cancelIntro')} />
      {done ? (
        <>
          <FormAlert tone="success">{t('emailChange.cancelled')}</FormAlert>
          <LocalLink className="button button--secondary" to="/reset-password">
            {t('emailChange.resetPassword')}
          </LocalLink>
        </>
      ) : (
        <form method="post" ref={f.ref} onSubmit={stop} noValidate className="form">
          <FormAlert code={f.formError} />
          <Button busy={f.busy}>{t('emailChange.cancelSubmit')}</Button>
        </form>
      )}
    </>
  );
}

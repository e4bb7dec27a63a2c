import { api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { AlertIcon, CheckIcon } from '../components/icons.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink } from '../lib/navigation.tsx';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/**
 * An app asked to sign the person out without its ID token to say who (decision 038): a bare
 * link from anywhere must not sign anybody out, so this asks first.
 */
export default function SignOut() {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  const f = useForm();

  const signOut = f.onSubmit(async () => {
    const result = await api('POST', paths.signout);
    if (result.error) return f.fail(result);
    setDone(true);
  });

  if (done) {
    return (
      <>
        <PageTitle title={t('appSignOut.heading')} />
        <ScreenHeading icon={<CheckIcon />} title={t('appSignOut.doneHeading')} intro={t('appSignOut.done')} />
        <LocalLink className="button button--primary" to="/login">
          {t('appSignOut.signInAgain')}
        </LocalLink>
      </>
    );
  }
  return (
    <>
      <PageTitle title={t('appSignOut.heading')} />
      <ScreenHeading icon={<AlertIcon />} title={t('appSignOut.heading')} intro={t('appSignOut.intro')} />
      <form method="post" ref={f.ref} onSubmit={signOut} noValidate className="form">
        <FormAlert code={f.formError} />
        <Button busy={f.busy}>{t('appSignOut.submit')}</Button>
        <LocalLink className="button button--secondary" to="/">
          {t('appSignOut.stay')}
        </LocalLink>
      </form>
    </>
  );
}

import { type EmailChangeCancelled, api as paths, type WayInKind } from '@gatehouse/contract/browser';
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
 * open links before people do, and must not sign anybody out. Once done it says what ended: the
 * password always, and by name each kind of way in that went for being added since the request.
 */
export default function EmailChangeCancel() {
  const { t, language } = useI18n();
  const [params] = useSearchParams();
  const [removed, setRemoved] = useState<WayInKind[]>();
  const f = useForm();

  const stop = f.onSubmit(async () => {
    const result = await api<EmailChangeCancelled>('POST', paths.accountEmailCancel, { token: params.get('token') ?? '' });
    if (result.error) return f.fail(result);
    setRemoved(result.data?.removed ?? []);
  });
  const done = removed !== undefined;
  // `cancelled` already says the password ended; the other kinds are named in the reader's language's list.
  const addedSince = (removed ?? []).filter((kind) => kind !== 'password');

  return (
    <>
      <PageTitle title={t('emailChange.cancelHeading')} />
      <ScreenHeading icon={<AlertIcon />} title={t('emailChange.cancelHeading')} intro={done ? undefined : t('emailChange.cancelIntro')} />
      {done ? (
        <>
          <FormAlert tone="success">
            <p>{t('emailChange.cancelled')}</p>
            {addedSince.length > 0 && (
              <p>
                {t('emailChange.removedSince', {
                  removed: new Intl.ListFormat(language, { type: 'conjunction' }).format(
                    addedSince.map((kind) => t(`emailChange.removedKinds.${kind}`)),
                  ),
                })}
              </p>
            )}
          </FormAlert>
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

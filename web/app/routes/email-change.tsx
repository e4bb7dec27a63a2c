import { api as paths } from '@gatehouse/contract/browser';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { MailIcon } from '../components/icons.tsx';
import { ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { LocalLink } from '../lib/navigation.tsx';
import { Email, rich } from '../lib/rich.tsx';

export const handle: ScreenHandle = { layout: 'login-signup' };

/** The new address's mailed link lands here: the change takes effect now, in whichever browser opens it. */
export default function EmailChange() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const [state, setState] = useState<{ email?: string; failed?: boolean }>({});
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token') ?? '';
    void api<{ email: string }>('POST', paths.accountEmailConfirm, { token }).then((result) =>
      setState(result.data ? { email: result.data.email } : { failed: true }),
    );
  }, [params]);

  return (
    <>
      <PageTitle title={t('emailChange.heading')} />
      <ScreenHeading icon={<MailIcon />} title={t('emailChange.heading')} />
      {state.email ? (
        <>
          <FormAlert tone="success">{rich(t('emailChange.done'), { email: <Email value={state.email} /> })}</FormAlert>
          <LocalLink className="button button--primary" to="/settings/email">
            {t('emailChange.toSettings')}
          </LocalLink>
        </>
      ) : state.failed ? (
        <>
          <FormAlert code="email_change.failed" />
          <LocalLink className="button button--primary" to="/settings/email">
            {t('emailChange.toSettings')}
          </LocalLink>
        </>
      ) : (
        <div className="loading loading--inline" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <p>{t('emailChange.checking')}</p>
        </div>
      )}
    </>
  );
}

import { api as paths } from '@gatehouse/contract';
import { MailIcon } from '../../components/icons.tsx';
import { InboxShortcuts, ScreenHeading } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useSignupStore } from '../../lib/stores.ts';
import { DifferentEmail, ResendForm } from './resend.tsx';

/** Step 1: the link is on its way; resend it (once a minute) or start over with another address. */
export function InboxStep() {
  const { t } = useI18n();
  const email = useSignupStore((s) => s.email);
  return (
    <>
      <ScreenHeading icon={<MailIcon />} title={t('inbox.heading')} intro={rich(t('inbox.intro'), { email: <Email value={email} /> })} />
      <p className="muted">{t('inbox.hint')}</p>
      <InboxShortcuts />
      <ResendForm path={paths.resendVerification} kind="link" />
      <DifferentEmail />
    </>
  );
}

import { type ErrorCode, api as paths } from '@gatehouse/contract/browser';
import type { ReactNode } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button, ScreenHeading } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { initials } from '../../lib/initials.ts';
import { Email, rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';

/** "Switch account": signs out on the server, then the screen shows its form again with its query (redirectTo, invitation) kept. */
export function SwitchAccount({ onSignedOut }: { onSignedOut: () => Promise<void> }) {
  const { t } = useI18n();
  const f = useForm();
  const switchAccount = f.onSubmit(async () => {
    await api('POST', paths.signout);
    await onSignedOut();
  });
  return (
    <form method="post" onSubmit={switchAccount} className="signed-in__switch">
      <Button variant="secondary" busy={f.busy}>
        {t('signedIn.switch')}
      </Button>
    </form>
  );
}

/** Who is signed in, with its avatar. */
export function SignedInAs({ email }: { email: string }) {
  const { t } = useI18n();
  return (
    <div className="signed-in">
      <span className="account__avatar" aria-hidden="true">
        {initials(email)}
      </span>
      <p>{rich(t('signedIn.as'), { email: <Email value={email} /> })}</p>
    </div>
  );
}

/**
 * Sign-in and sign-up opened by someone already signed in: who they are, "Continue" where they
 * would go (naming the app a pending app sign-in goes on to), and "Switch account" to the form
 * (decision 041).
 */
export function SignedInCard({
  email,
  mode,
  notice,
  app,
  onContinue,
  onSignedOut,
}: {
  email: string;
  /** Sign-in, a sign-up still under way (a step is left), or one that is done. */
  mode: 'login' | 'signup' | 'signupDone';
  /** Why the link the screen was opened with cannot be used (an invitation withdrawn or expired). */
  notice?: ErrorCode;
  /** The app a pending sign-in continues to. */
  app?: string;
  onContinue: () => void;
  onSignedOut: () => Promise<void>;
}): ReactNode {
  const { t } = useI18n();
  return (
    <>
      <ScreenHeading title={t('signedIn.heading')} intro={t(`signedIn.${mode}Intro`)} />
      <FormAlert code={notice} />
      <SignedInAs email={email} />
      <div className="signed-in__actions">
        <Button type="button" onClick={onContinue}>
          {app ? t('signedIn.continueTo', { app }) : t('signedIn.continue')}
        </Button>
        <SwitchAccount onSignedOut={onSignedOut} />
      </div>
    </>
  );
}

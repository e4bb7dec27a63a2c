import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { useBaseStore, useSignupStore } from '../../lib/stores.ts';
import { useCountdown } from '../../lib/use-countdown.ts';
import { useForm } from '../../lib/use-form.ts';

const resendEveryMs = 60_000;

/**
 * Sends the link or code again, at most once a minute (the server's limit, so the button
 * says when it works again), and shows how long is left.
 */
export function ResendForm({ path, kind }: { path: string; kind: 'link' | 'code' }) {
  const { t, language } = useI18n();
  const email = useSignupStore((s) => s.email);
  const [nextResend, setNextResend] = useState(() => Date.now() + resendEveryMs);
  const [resent, setResent] = useState(false);
  const wait = useCountdown(nextResend);
  const f = useForm();

  const resend = f.onSubmit(async () => {
    setResent(false);
    const result = await api('POST', path, { email, locale: language });
    if (result.error) {
      if (result.retryAfter) setNextResend(Date.now() + result.retryAfter * 1000);
      return f.fail(result);
    }
    f.clear();
    setResent(true);
    setNextResend(Date.now() + resendEveryMs);
  });

  return (
    <form method="post" ref={f.ref} onSubmit={resend} className="form">
      <FormAlert code={f.formError} tone={resent ? 'success' : 'error'}>
        {resent ? t(kind === 'code' ? 'otp.resent' : 'inbox.resent') : undefined}
      </FormAlert>
      <Button variant="secondary" busy={f.busy} disabled={wait > 0}>
        {t(kind === 'code' ? 'otp.resend' : 'inbox.resend')}
      </Button>
      {wait > 0 && (
        <p className="muted center" aria-live="off">
          {t(kind === 'code' ? 'otp.sendAgainIn' : 'common.sendAgainIn', { seconds: wait })}
        </p>
      )}
    </form>
  );
}

/** Starts the sign-up again with another address. */
export function DifferentEmail() {
  const { t } = useI18n();
  const navigate = useLocalNavigate();
  function startOver() {
    useSignupStore.getState().reset();
    useBaseStore.getState().update({ currentStep: 0, maxSteps: 0 });
    navigate('/signup');
  }
  return (
    <p className="switch">
      <button type="button" className="link" onClick={startOver}>
        {t('inbox.differentEmail')}
      </button>
    </p>
  );
}

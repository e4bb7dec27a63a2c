import { type ErrorCode, isOtp, normalizeEmail, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { EmailField } from '../components/fields.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { NewPasswordFields, useNewPassword } from '../components/new-password.tsx';
import { OtpField } from '../components/otp-field.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { mode } from '../lib/mode.ts';
import { LocalLink, useLocalNavigate } from '../lib/navigation.tsx';
import { Email, rich } from '../lib/rich.tsx';
import { useHydrated } from '../lib/stores.ts';
import { useCountdown } from '../lib/use-countdown.ts';
import { useForm } from '../lib/use-form.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

/** Seed section 4: after a successful reset, the sign-in page follows after 5 seconds. */
export const redirectAfterResetMs = 5000;

export default function Reset() {
  const { t, te } = useI18n();
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const byCode = mode().mailed === 'code';
  // With a code, the address comes from the request screen (never the URL), or is typed.
  const handedEmail = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [email, setEmail] = useState(handedEmail);
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const [doneAt, setDoneAt] = useState(0);
  // The sign-in that follows is filled in with the address the reset was for.
  const [signInAs, setSignInAs] = useState('');
  const toSignIn = { email: signInAs };
  const seconds = useCountdown(doneAt ? doneAt + redirectAfterResetMs : 0);
  const f = useForm();
  const link = useLinkCheck(!byCode, params.get('token') ?? '');

  useEffect(() => {
    if (!doneAt) return;
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: { email: signInAs } }),
      Math.max(0, doneAt + redirectAfterResetMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [doneAt, navigate, signInAs]);

  const submit = f.onSubmit(async () => {
    const { password } = newPassword;
    let address = '';
    if (byCode) {
      const normalized = normalizeEmail(email);
      const valid = f.check({
        email: normalized.ok ? undefined : normalized.code,
        code: isOtp(code) ? undefined : 'validation.otp_required',
        ...newPassword.errors(),
      });
      if (!valid || !normalized.ok) return;
      address = normalized.email;
    } else if (!f.check(newPassword.errors())) return;
    const result = await mode().account.resetPassword({ password, token: params.get('token') ?? '', code, email: address });
    if (result.error) return f.fail(result);
    setSignInAs(address || (result.data as { email?: string } | undefined)?.email || '');
    setDoneAt(Date.now());
  });

  const tokenFailed = !byCode && (f.formError === 'reset.failed' || f.formError === 'token.invalid' || f.fields.token);
  return (
    <>
      <PageTitle title={t('titles.resetPassword')} />
      {link !== 'live' ? (
        <DeadLink failure={link} />
      ) : doneAt ? (
        <>
          <ScreenHeading title={t('reset.successHeading')} />
          <FormAlert tone="success">{t('reset.success', { seconds })}</FormAlert>
          <LocalLink className="button button--primary" to="/login" state={toSignIn}>
            {t('reset.backToLogin')}
          </LocalLink>
        </>
      ) : (
        <>
          <ScreenHeading
            title={t('reset.heading')}
            intro={byCode && handedEmail ? rich(t('reset.codeIntro'), { email: <Email value={handedEmail} /> }) : t('reset.intro')}
          />
          <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
            <FormAlert code={tokenFailed ? undefined : f.formError}>
              {tokenFailed ? (
                <>
                  <strong>{te('reset.failed')}</strong> {te('reset.request_new')}{' '}
                  <LocalLink to="/reset-password">{t('reset.requestNew')}</LocalLink>
                </>
              ) : undefined}
            </FormAlert>
            {byCode && (
              <>
                {!handedEmail && <EmailField value={email} onValue={setEmail} error={f.fields.email} autoComplete="username" />}
                {handedEmail && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
                <OtpField value={code} onValue={setCode} error={f.fields.code} />
              </>
            )}
            <NewPasswordFields state={newPassword} fields={f.fields} />
            <Button busy={f.busy}>{t('reset.submit')}</Button>
          </form>
          {byCode && (
            <p className="switch">
              {t('reset.noCode')} <LocalLink to="/reset-password">{t('reset.requestCode')}</LocalLink>
            </p>
          )}
          <p className="switch">
            <LocalLink to="/login">{t('reset.backToLogin')}</LocalLink>
          </p>
        </>
      )}
    </>
  );
}

type LinkState = 'live' | ErrorCode;

/**
 * Checks the mailed link as soon as the app runs, so a dead one is told before two passwords are
 * typed. The prerendered form stays meanwhile: a live link (the usual case) never flickers.
 */
function useLinkCheck(standalone: boolean, token: string): LinkState {
  const hydrated = useHydrated((s) => s.done);
  const [state, setState] = useState<LinkState>('live');
  const started = useRef(false);
  useEffect(() => {
    if (!standalone || !hydrated || started.current) return;
    started.current = true;
    if (!token) return setState('validation.token_required');
    void api('POST', paths.passwordResetCheck, { token }).then((result) => {
      // Unreachable service: the form stays, and its submit says what went wrong.
      if (!result.error || result.code === 'network.failed' || result.code?.startsWith('server.')) return;
      setState(result.code === 'reset.link_used' || result.code === 'reset.link_expired' ? result.code : 'reset.failed');
    });
  }, [standalone, hydrated, token]);
  return state;
}

/** A used, expired, incomplete or unknown link: why, and the next step that fits. */
function DeadLink({ failure }: { failure: ErrorCode }) {
  const { t, te } = useI18n();
  // No form follows, so the heading says what happened to the link, not "Set a new password".
  const used = failure === 'reset.link_used';
  const expired = failure === 'reset.link_expired';
  const title = used ? t('reset.usedHeading') : expired ? t('reset.expiredHeading') : t('reset.deadHeading');
  return (
    <>
      <ScreenHeading title={title} intro={used ? t('reset.usedIntro') : expired ? t('reset.expiredIntro') : undefined} />
      {!used && !expired && (
        <FormAlert code={failure === 'reset.failed' ? undefined : failure}>
          {failure === 'reset.failed' ? (
            <>
              <strong>{te('reset.failed')}</strong> {te('reset.request_new')}
            </>
          ) : undefined}
        </FormAlert>
      )}
      {failure === 'reset.link_used' ? (
        <>
          <LocalLink className="button button--primary" to="/login">
            {t('login.submit')}
          </LocalLink>
          <LocalLink className="button button--secondary" to="/reset-password">
            {t('reset.requestNew')}
          </LocalLink>
        </>
      ) : (
        <>
          <LocalLink className="button button--primary" to="/reset-password">
            {t('reset.requestNew')}
          </LocalLink>
          <p className="switch">
            <LocalLink to="/login">{t('reset.backToLogin')}</LocalLink>
          </p>
        </>
      )}
    </>
  );
}

import { normalizeEmail, api as paths } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { EmailField, Field } from '../components/fields.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { PasskeyIcon } from '../components/icons.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import { continueToApp, isAppSignIn, useAppSignIn } from '../features/app-sign-in/app-sign-in.ts';
import { refusedForNow, useInvitation, withInvitation } from '../features/invitations/invitation.ts';
import { usePasskeySignIn } from '../features/passkeys/use-passkey-sign-in.ts';
import { connectUrl, SsoButtons } from '../features/sso/sso-buttons.tsx';
import { twoFactorPath } from '../features/two-factor/two-factor-path.ts';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { track } from '../lib/analytics.ts';
import { api } from '../lib/api.ts';
import { useBrand } from '../lib/brand.ts';
import { localizedPath, useI18n } from '../lib/i18n.tsx';
import { asksSecondFactor, mode } from '../lib/mode.ts';
import { LocalLink, safeRedirect } from '../lib/navigation.tsx';
import { useForm } from '../lib/use-form.ts';
import { useModule } from '../lib/use-module.ts';
import { useSession } from '../lib/use-session.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

// What shows only once the API has answered loads then, not with the page (decision 053): the
// card or an invitation's Join for someone signed in, the banners of an app or an invitation.
const loadSignedIn = () =>
  Promise.all([import('../features/signed-in/signed-in-card.tsx'), import('../features/invitations/invitation-join.tsx')]).then(
    ([card, join]) => ({ ...card, ...join }),
  );
const loadBanners = () =>
  Promise.all([import('../features/app-sign-in/app-sign-in-banner.tsx'), import('../features/invitations/invitation-banner.tsx')]).then(
    ([app, invitation]) => ({ ...app, ...invitation }),
  );

export default function Login() {
  const { t, te, language, errorCode } = useI18n();
  const brand = useBrand();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Handed on by a finished password reset: the address is known, only the password is left to type.
  const handedEmail = (useLocation().state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof handedEmail === 'string' ? handedEmail : '');
  const [password, setPassword] = useState('');
  const f = useForm();
  // Someone already signed in sees who, with Continue and Switch account, instead of an empty form.
  const { session: answered, refresh } = useSession();
  const signedInView = useModule(loadSignedIn, !!answered);
  // Until its code is there, the screen stays as while the session was asked.
  const session = answered && !signedInView ? undefined : answered;
  // After too many attempts: how long the server asks to wait (Retry-After), in whole minutes.
  const [waitMinutes, setWaitMinutes] = useState(0);
  // Opened from an invitation to an address that has an account: it joins after signing in.
  const invitation = useInvitation();
  const preview = invitation.preview;
  const kept = invitation.kept;
  // Opened by one of the operator's apps: named above the form, and continued to once signed in.
  const app = useAppSignIn(params.get('redirectTo'), invitation.token);
  const appName = app.name;
  const banners = useModule(loadBanners, !!appName || !!preview || !!invitation.unavailable);
  const redirectTo = safeRedirect(app.target, localizedPath('/', language));
  // An error handed back by a redirect (single sign-on), shown until the form is used.
  const arrivedWith = params.get('error');
  const notice = f.formError ? undefined : errorCode(arrivedWith);
  useEffect(() => {
    if (preview) setEmail((typed) => typed || preview.email);
  }, [preview]);

  const submit = f.onSubmit(async () => {
    const normalized = normalizeEmail(email);
    const valid = f.check({
      email: normalized.ok ? undefined : normalized.code,
      password: password ? undefined : 'validation.password_required',
    });
    if (!valid || !normalized.ok) return;
    const result = await mode().account.signIn(normalized.email, password);
    setWaitMinutes(result.code === 'rate.limited' && result.retryAfter ? Math.ceil(result.retryAfter / 60) : 0);
    if (result.error) return f.fail(result);
    if (asksSecondFactor(result.data)) return toSecondFactor();
    await signedIn();
  });
  // A passkey signs in without the address (nothing to enumerate), from the button or the e-mail
  // field's autofill; the button first ends the autofill's pending request (decision 048).
  const passkeys = usePasskeySignIn(mode().passkeys, session === null, async (result) => {
    if (result.error) return f.fail(result);
    if (asksSecondFactor(result.data)) return toSecondFactor();
    await signedIn();
  });
  // After the code, an invitation comes back here, where the signed-in person finds its Join.
  const toSecondFactor = () => {
    const back = kept ? withInvitation(localizedPath('/login', language), kept, app.target ? redirectTo : '') : undefined;
    navigate(twoFactorPath(language, back ?? (app.target ? redirectTo : undefined)));
  };
  const signedIn = async () => {
    track('Signed In');
    if (kept) {
      const joined = await api('POST', paths.invitationAccept.replace(':token', encodeURIComponent(kept)));
      // Another address joins only by its own press on the Join shown for the account now signed in.
      if (joined.code === 'invitation.wrong_account') return refresh();
      // Refused for the moment (a rate limit, the network): signed in, the person stays with the invitation and its Join.
      if (refusedForNow(joined.code)) {
        invitation.retry();
        return refresh();
      }
      // Signed in all the same: the account page's Team section says why the team was not joined.
      if (joined.error) return navigate(`${localizedPath('/', language)}?error=${joined.code ?? 'invitation.invalid'}`);
    }
    goOn();
  };
  const goOn = () => (isAppSignIn(redirectTo) ? continueToApp(redirectTo) : navigate(redirectTo));

  if (session && signedInView && (!invitation.token || invitation.error)) {
    const { SignedInCard } = signedInView;
    return (
      <>
        <PageTitle title={t('titles.login')} />
        {appName && banners && <banners.AppSignInBanner name={appName} />}
        <SignedInCard
          email={session.account.email}
          mode="login"
          notice={invitation.error}
          app={appName}
          onContinue={goOn}
          onSignedOut={refresh}
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('titles.login')} />
      {session ? (
        <ScreenHeading title={t('invitation.joinHeading')} />
      ) : (
        <ScreenHeading title={t('login.heading')} intro={t('login.intro')} />
      )}
      {appName && banners && <banners.AppSignInBanner name={appName} />}
      {preview && banners && <banners.InvitationBanner preview={preview} mode={session ? 'join' : 'login'} />}
      {preview && session && signedInView && (
        <signedInView.InvitationJoin
          token={invitation.token}
          preview={preview}
          session={session}
          continueTo={redirectTo}
          onSignedOut={refresh}
        />
      )}
      {invitation.error && <FormAlert code={invitation.error} />}
      {invitation.unavailable && banners && <banners.InvitationUnavailable code={invitation.unavailable} onRetry={invitation.retry} />}
      {!session && (
        <>
          <SsoButtons
            mode="login"
            divider={t('login.orEmail')}
            start={(provider) =>
              connectUrl(provider, {
                locale: language,
                redirectTo: app.target ? redirectTo : undefined,
                // The account joins on signing in, as after the password.
                invitation: kept || undefined,
              })
            }
          />
          <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
            <FormAlert code={f.formError ?? notice}>
              {f.formError === 'rate.limited' && waitMinutes > 0 ? (
                <>
                  {te('rate.limited')}. {t('login.retryIn', { minutes: waitMinutes })}{' '}
                  <LocalLink to="/reset-password" state={{ email }}>
                    {t('titles.resetPassword')}
                  </LocalLink>
                </>
              ) : f.formError === 'auth.account_disabled' && brand.supportUrl ? (
                <>
                  {te('auth.account_disabled')}: <a href={brand.supportUrl}>{t('common.supportCentre')}</a>
                </>
              ) : undefined}
            </FormAlert>
            <EmailField
              value={email}
              onValue={setEmail}
              error={f.fields.email}
              autoComplete={passkeys.offered ? 'username webauthn' : 'username'}
            />
            <Field
              name="password"
              type="password"
              label={t('common.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={f.fields.password}
            />
            <div className="form__row form__row--end">
              <LocalLink to="/reset-password" state={{ email }}>
                {t('login.forgot')}
              </LocalLink>
            </div>
            <Button busy={f.busy}>{t('login.submit')}</Button>
            {passkeys.offered && (
              <Button type="button" variant="secondary" busy={passkeys.busy} disabled={f.busy} onClick={passkeys.start}>
                <PasskeyIcon />
                {t('login.passkey')}
              </Button>
            )}
          </form>
          <p className="switch">
            {t('login.noAccount')}{' '}
            <LocalLink to={withInvitation('/signup', preview?.accountExists ? '' : kept, app.target ? redirectTo : '')}>
              {t('login.createAccount')}
            </LocalLink>
          </p>
        </>
      )}
    </>
  );
}

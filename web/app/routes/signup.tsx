import { normalizeEmail, type SsoProviderName } from '@gatehouse/contract/browser';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../components/brand-mark.tsx';
import { Checkbox, EmailField } from '../components/fields.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { Button, ScreenHeading } from '../components/ui.tsx';
import { isAppSignIn, useAppSignIn } from '../features/app-sign-in/app-sign-in.ts';
import { useInvitation, withInvitation } from '../features/invitations/invitation.ts';
import { newWatch } from '../features/signup/follow-signup.ts';
import { signupStepOf, useResumeSignup } from '../features/signup/resume.ts';
import { signupLength, signupStep } from '../features/signup/steps.ts';
import { connectUrl, SsoButtons } from '../features/sso/sso-buttons.tsx';
import type { ScreenHandle } from '../layouts/screen.tsx';
import { rememberAnalyticsConsent, track } from '../lib/analytics.ts';
import { useBrand } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n.tsx';
import { mode } from '../lib/mode.ts';
import { LocalLink, safeRedirect, useLocalNavigate } from '../lib/navigation.tsx';
import { rich } from '../lib/rich.tsx';
import { useBaseStore, useSignupStore } from '../lib/stores.ts';
import { useForm } from '../lib/use-form.ts';
import { useModule } from '../lib/use-module.ts';
import { useSession } from '../lib/use-session.ts';

export const handle: ScreenHandle = { layout: 'login-signup' };

// What shows only once the API has answered loads then, not with the page (decision 053): the
// card or an invitation's Join for someone signed in, an invitation's banner.
const loadSignedIn = () =>
  Promise.all([import('../features/signed-in/signed-in-card.tsx'), import('../features/invitations/invitation-join.tsx')]).then(
    ([card, join]) => ({ ...card, ...join }),
  );
const loadBanner = () => import('../features/invitations/invitation-banner.tsx');

export default function Signup() {
  const { t, language } = useI18n();
  const brand = useBrand();
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [dataProcessing, setDataProcessing] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const f = useForm();
  // Someone signed in goes on with their own sign-up at its step, or switches account (decision 041).
  const { session: answered, refresh } = useSession();
  const signedInView = useModule(loadSignedIn, !!answered);
  // Until its code is there, the screen stays as while the session was asked.
  const session = answered && !signedInView ? undefined : answered;
  const resume = useResumeSignup();
  // Opened from an invitation, the invited address is filled in; an address that has an
  // account signs in instead.
  const invitation = useInvitation();
  const preview = invitation.preview;
  const banner = useModule(loadBanner, (!!preview && !preview.accountExists) || !!invitation.unavailable);
  // The invitation as it is sent on: kept while its preview cannot be shown just now.
  const kept = invitation.kept;
  const redirectTo = safeRedirect(useAppSignIn(params.get('redirectTo'), invitation.token).target, '');
  const pendingLicense = /\/redeem\/([^/?#]+)/.exec(redirectTo)?.[1] ?? '';
  useEffect(() => {
    if (!preview) return;
    if (preview.accountExists) navigate(withInvitation('/login', invitation.token, redirectTo), { replace: true });
    else setEmail((typed) => typed || preview.email);
  }, [preview, invitation.token, redirectTo, navigate]);

  const submit = f.onSubmit(async () => {
    const normalized = normalizeEmail(email);
    const emailError = normalized.ok ? undefined : normalized.code;
    const consentError = dataProcessing ? undefined : 'validation.consent_required';
    const valid = f.check(
      { email: emailError, dataProcessingConsent: consentError },
      emailError && consentError ? 'validation.consent_and_email' : undefined,
    );
    if (!valid || !normalized.ok) return;
    const watch = mode().mailed === 'link' ? newWatch() : '';
    const result = await mode().account.signUp({
      email: normalized.email,
      dataProcessingConsent: true,
      consent: marketing,
      analyticsConsent: analytics,
      locale: language,
      ...(kept ? { invitation: kept } : {}),
      ...(watch ? { watch } : {}),
      // Kept with the pending sign-up: the mailed link may open in another tab (decision 039).
      ...(isAppSignIn(redirectTo) ? { redirectTo } : {}),
    });
    if (result.error) return f.fail(result);
    rememberAnalyticsConsent(analytics);
    track('Sign Up Started', { language });
    useSignupStore.getState().update({
      email: normalized.email,
      consent: marketing,
      analyticsConsent: analytics,
      // The invited address needs no verification mail: straight on to the password.
      token: result.data?.token ?? '',
      pendingLicense: decodeURIComponent(pendingLicense),
      invitation: kept && !result.data?.token ? kept : '',
      watch,
      continueTo: isAppSignIn(redirectTo) ? redirectTo : '',
    });
    // The invited address goes straight to its password, and has no license step (the team's applies).
    useBaseStore
      .getState()
      .update(
        result.data?.token
          ? { currentStep: signupStep.password, maxSteps: signupLength.teamMember }
          : { currentStep: signupStep.address, maxSteps: signupLength.full },
      );
    navigate('/signup-process');
  });

  // The consent box is ticked first, as for the e-mail; the consents travel to the server with the press.
  const startSso = (provider: SsoProviderName) => {
    if (!f.check({ dataProcessingConsent: dataProcessing ? undefined : 'validation.consent_required' })) return undefined;
    rememberAnalyticsConsent(analytics);
    useSignupStore
      .getState()
      .update({ consent: marketing, analyticsConsent: analytics, pendingLicense: decodeURIComponent(pendingLicense) });
    const flag = (value: boolean) => (value ? '1' : undefined);
    return connectUrl(provider, {
      intent: 'signup',
      dataProcessingConsent: '1',
      consent: flag(marketing),
      analyticsConsent: flag(analytics),
      locale: language,
      redirectTo: redirectTo || undefined,
      // The new account joins the team in the same step (the server keeps the token with the flow).
      invitation: kept || undefined,
    });
  };

  if (session && signedInView && (!invitation.token || invitation.error)) {
    const { SignedInCard } = signedInView;
    return (
      <>
        <PageTitle title={t('titles.signup')} />
        <SignedInCard
          email={session.account.email}
          mode={signupStepOf(session) === undefined ? 'signupDone' : 'signup'}
          notice={invitation.error}
          onContinue={() => resume(session)}
          onSignedOut={refresh}
        />
      </>
    );
  }

  const link = (href: string | null, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    ) : (
      text
    );

  return (
    <>
      <PageTitle title={t('titles.signup')} />
      {preview && !preview.accountExists && session ? (
        <ScreenHeading title={t('invitation.joinHeading')} />
      ) : (
        <ScreenHeading title={t('signup.heading')} intro={t('signup.intro')} />
      )}
      {preview && !preview.accountExists && banner && <banner.InvitationBanner preview={preview} mode={session ? 'join' : 'signup'} />}
      {preview && !preview.accountExists && session && signedInView && (
        <signedInView.InvitationJoin
          token={invitation.token}
          preview={preview}
          session={session}
          continueTo={redirectTo}
          onSignedOut={refresh}
        />
      )}
      {invitation.error && <FormAlert code={invitation.error} />}
      {invitation.unavailable && banner && <banner.InvitationUnavailable code={invitation.unavailable} onRetry={invitation.retry} />}
      {!session && (
        <>
          <SsoButtons mode="signup" divider={t('signup.orEmail')} start={startSso} />
          <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form">
            <FormAlert code={f.formError ?? (params.get('error') === 'sso.no_account' ? 'sso.no_account' : undefined)} />
            <EmailField value={email} onValue={setEmail} error={f.fields.email} />
            <div className="consents">
              <Checkbox
                name="dataProcessingConsent"
                checked={dataProcessing}
                onChange={(e) => setDataProcessing(e.target.checked)}
                error={f.fields.dataProcessingConsent}
              >
                {rich(t('signup.consentRequired'), {
                  privacy: link(brand.privacyUrl, t('common.privacy')),
                  terms: link(brand.termsUrl, t('common.terms')),
                })}
              </Checkbox>
              <Checkbox name="consent" checked={marketing} onChange={(e) => setMarketing(e.target.checked)}>
                {t('signup.consentMarketing')}
              </Checkbox>
              <Checkbox name="analyticsConsent" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)}>
                {t('signup.consentAnalytics')}
              </Checkbox>
            </div>
            <Button busy={f.busy}>{t('signup.submit')}</Button>
          </form>
          <p className="switch">
            {t('signup.haveAccount')} <LocalLink to={withInvitation('/login', kept, redirectTo)}>{t('signup.signIn')}</LocalLink>
          </p>
        </>
      )}
    </>
  );
}

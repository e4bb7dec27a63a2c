import { api as paths } from '@gatehouse/contract/browser';
import { useEffect } from 'react';
import { PageTitle } from '../components/brand-mark.tsx';
import { FormAlert } from '../components/form-alert.tsx';
import { Button, Loading } from '../components/ui.tsx';
import { LicenseKeyForm } from '../features/license/license-key-form.tsx';
import { PlanSummary } from '../features/license/plan.tsx';
import { SettingsLinks } from '../features/settings/settings-links.tsx';
import { ConnectedAccounts } from '../features/sso/connected-accounts.tsx';
import { teamInText } from '../features/teams/team-name.tsx';
import { TeamSection } from '../features/teams/team-section.tsx';
import { TwoFactorBanner } from '../features/teams/team-two-factor.tsx';
import { api } from '../lib/api.ts';
import { useBrand } from '../lib/brand.ts';
import { useI18n } from '../lib/i18n.tsx';
import { initials } from '../lib/initials.ts';
import { useLocalNavigate } from '../lib/navigation.tsx';
import { Email, rich } from '../lib/rich.tsx';
import { useForm } from '../lib/use-form.ts';
import { useSession } from '../lib/use-session.ts';

/** The start page: the account, its license and sign-out; signed out, on to /login. */
export default function Home() {
  const { t } = useI18n();
  const brand = useBrand();
  const navigate = useLocalNavigate();
  const { session, refresh } = useSession();
  const f = useForm();

  useEffect(() => {
    if (session === null) navigate('/login', { replace: true });
  }, [session, navigate]);

  const signOut = f.onSubmit(async () => {
    await api('POST', paths.signout);
    navigate('/login', { replace: true });
  });

  if (!session) {
    return <Loading title={t('titles.account')} />;
  }
  const { account, license, teamLicense, teamTwoFactor } = session;
  // The owner's license is their team's: withheld with it, nothing to activate meanwhile (decision 047).
  const ownLicenseWithheld = teamTwoFactor?.withheld === true && teamTwoFactor.own;
  const name = [account.firstName, account.familyName].filter(Boolean).join(' ');
  return (
    <div className="account">
      <PageTitle title={t('titles.account')} />
      <div className="account__head">
        <span className="account__avatar" aria-hidden="true">
          {initials(name || account.email)}
        </span>
        <div className="account__who">
          <h1>{name || t('account.heading')}</h1>
          <p className="muted">{rich(t('account.signedInAs'), { email: <Email value={account.email} /> })}</p>
        </div>
        <form method="post" onSubmit={signOut}>
          <Button variant="secondary" busy={f.busy}>
            {t('account.signOut')}
          </Button>
        </form>
      </div>
      {teamTwoFactor && <TwoFactorBanner notice={teamTwoFactor} />}
      <section className="card" aria-labelledby="license-heading">
        <h2 id="license-heading">{t('account.license')}</h2>
        {teamLicense ? (
          // A member works under the team's license: its plan, whose team it is, nothing to activate.
          <>
            <p className="muted">
              {rich(t('team.licenseFromTeam'), {
                team: <strong>{teamInText(t, { name: teamLicense.teamName, ownerName: teamLicense.ownerName })}</strong>,
              })}
            </p>
            <PlanSummary license={teamLicense.license} />
          </>
        ) : license ? (
          <PlanSummary license={license} suffix={license.keySuffix} />
        ) : ownLicenseWithheld ? (
          <FormAlert code="team.two_factor_required" />
        ) : (
          <>
            <p className="muted">{t('account.noLicense')}</p>
            <LicenseKeyForm onActivated={() => void refresh()} />
          </>
        )}
        {brand.dashboardUrl && (
          <a className="button button--secondary" href={brand.dashboardUrl}>
            {t('common.backToDashboard')}
          </a>
        )}
      </section>
      <ConnectedAccounts />
      <SettingsLinks />
      <TeamSection onChange={refresh} licenseTeamId={teamLicense?.teamId} />
    </div>
  );
}

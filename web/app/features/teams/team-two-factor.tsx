import {
  type ErrorCode,
  api as paths,
  type TeamTwoFactorNotice,
  type TeamView,
  twoFactorGraceDefaultDays,
  twoFactorGraceMaxDays,
} from '@gatehouse/contract/browser';
import { useId, useState } from 'react';
import { Checkbox, Field } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { ShieldAlertIcon } from '../../components/later-icons.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { LocalLink, useLocalNavigate } from '../../lib/navigation.tsx';
import { rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';
import { teamInText } from './team-name.tsx';

/** Where a person sets up their second factor. */
export const twoFactorSettingsPath = '/settings/two-factor';

/** A deadline with its hour: the grace ends at a moment, not at a day's end. */
export const deadlineText = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The account page's banner while a team requires two-factor and this session was not proved
 * with it: the deadline and the way to set it up, or, past the deadline, what is withheld.
 */
export function TwoFactorBanner({ notice }: { notice: TeamTwoFactorNotice }) {
  const { t, language } = useI18n();
  const navigate = useLocalNavigate();
  const date = deadlineText(language, notice.deadline);
  const text = notice.withheld ? 'bannerWithheld' : notice.enrolled ? 'bannerGraceEnrolled' : 'bannerGrace';
  const signInAgain = async () => {
    await api('POST', paths.signout);
    navigate('/login', { replace: true });
  };
  return (
    <section className={`two-factor-banner${notice.withheld ? ' two-factor-banner--withheld' : ''}`} aria-labelledby="two-factor-banner">
      <span className="two-factor-banner__icon" aria-hidden="true">
        <ShieldAlertIcon />
      </span>
      <div className="two-factor-banner__body">
        <h2 id="two-factor-banner" className="two-factor-banner__title">
          {notice.own
            ? t('teamTwoFactor.bannerTitleOwn')
            : rich(t('teamTwoFactor.bannerTitle'), {
                team: <strong>{teamInText(t, { name: notice.teamName, ownerName: notice.ownerName })}</strong>,
              })}
        </h2>
        <p>{rich(t(`teamTwoFactor.${text}`), { date: <strong>{date}</strong> })}</p>
        {notice.enrolled ? (
          <button type="button" className="button button--secondary" onClick={() => void signInAgain()}>
            {t('teamTwoFactor.signInAgain')}
          </button>
        ) : (
          <LocalLink to={twoFactorSettingsPath} className="button button--primary">
            {t('teamTwoFactor.setUp')}
          </LocalLink>
        )}
      </div>
    </section>
  );
}

/** A team withheld from this session: why, the way to set up two-factor, and beside it the way out. */
export function WithheldTeam({ leave }: { leave?: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="team__block">
      <FormAlert code="team.two_factor_required" />
      <div className="team__withheld-actions">
        <LocalLink to={twoFactorSettingsPath} className="button button--primary">
          {t('teamTwoFactor.setUp')}
        </LocalLink>
        {leave}
      </div>
    </div>
  );
}

/** Whether a member has a second factor, for the owner and admins while the team requires it. */
export function TwoFactorBadge({ enrolled }: { enrolled: boolean }) {
  const { t } = useI18n();
  return (
    <span className={`badge team__two-factor ${enrolled ? 'badge--active' : 'badge--missing'}`}>
      {enrolled ? t('teamTwoFactor.enrolled') : t('teamTwoFactor.notEnrolled')}
    </span>
  );
}

/**
 * The team's two-factor rule: what it is, for every member; for the owner and admins, the form
 * that turns it on or off with the grace period (decision 047).
 */
export function TeamTwoFactor({ team, manager, onChange }: { team: TeamView; manager: boolean; onChange(): Promise<void> }) {
  const { t, language } = useI18n();
  const { twoFactor } = team;
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const deadline = twoFactor.deadline && deadlineText(language, twoFactor.deadline);
  const passed = twoFactor.deadline !== null && Date.parse(twoFactor.deadline) <= Date.now();
  const status = !deadline
    ? t('teamTwoFactor.off')
    : rich(t(passed ? 'teamTwoFactor.onSince' : 'teamTwoFactor.on'), { date: <strong>{deadline}</strong> });
  return (
    <section className="team__block team__two-factor-block" aria-labelledby={headingId}>
      <div className="team__two-factor-head">
        <h3 id={headingId}>{t('teamTwoFactor.heading')}</h3>
        {manager && !editing && (
          <button type="button" className="button button--ghost team__two-factor-open" onClick={() => setEditing(true)}>
            {t('teamTwoFactor.change')}
          </button>
        )}
      </div>
      <p className="muted">{status}</p>
      {saved && <FormAlert tone="success">{t('teamTwoFactor.saved')}</FormAlert>}
      {editing && (
        <TwoFactorForm
          team={team}
          onDone={async (done) => {
            setEditing(false);
            setSaved(done);
            if (done) await onChange();
          }}
        />
      )}
    </section>
  );
}

function TwoFactorForm({ team, onDone }: { team: TeamView; onDone(saved: boolean): Promise<void> }) {
  const { t } = useI18n();
  const f = useForm();
  const [required, setRequired] = useState(team.twoFactor.required);
  const [grace, setGrace] = useState(String(team.twoFactor.required ? team.twoFactor.graceDays : twoFactorGraceDefaultDays));
  const submit = f.onSubmit(async () => {
    const days = Number(grace);
    const graceError: ErrorCode | undefined =
      required && (grace.trim() === '' || !Number.isInteger(days) || days < 0 || days > twoFactorGraceMaxDays)
        ? 'team.two_factor_grace_invalid'
        : undefined;
    if (!f.check({ graceDays: graceError })) return;
    const body = required ? { requireTwoFactor: true, graceDays: days, teamId: team.id } : { requireTwoFactor: false, teamId: team.id };
    const result = await api('PATCH', paths.team, body);
    if (result.error) return f.fail(result);
    await onDone(true);
  });
  return (
    <form method="post" ref={f.ref} onSubmit={submit} noValidate className="form team__two-factor-form">
      <FormAlert code={f.formError} />
      <Checkbox name="requireTwoFactor" checked={required} onChange={(event) => setRequired(event.target.checked)}>
        <strong>{t('teamTwoFactor.require')}</strong>
        <span className="team__two-factor-hint">{t('teamTwoFactor.requireHint')}</span>
      </Checkbox>
      {required && (
        <Field
          name="graceDays"
          label={t('teamTwoFactor.graceLabel')}
          type="number"
          inputMode="numeric"
          min={0}
          max={twoFactorGraceMaxDays}
          step={1}
          value={grace}
          onChange={(event) => setGrace(event.target.value)}
          error={f.fields.graceDays}
          hint={t('teamTwoFactor.graceHint')}
        />
      )}
      <div className="team__actions">
        <Button busy={f.busy}>{t('teamTwoFactor.save')}</Button>
        <button type="button" className="button button--secondary" onClick={() => void onDone(false)}>
          {t('team.cancel')}
        </button>
      </div>
    </form>
  );
}

import {
  type AssignableRole,
  type ErrorCode,
  api as paths,
  type TeamInvitationView,
  type TeamMemberView,
  type TeamView,
} from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { api } from '../../lib/api.ts';
import { type MessageKey, useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { PlanSummary } from '../license/plan.tsx';
import { TeamInviteForm } from './team-invite-form.tsx';
import { TeamNameForm, teamInText, teamTitle } from './team-name.tsx';
import { TeamTwoFactor, TwoFactorBadge, WithheldTeam } from './team-two-factor.tsx';

/** A success names whom it concerns: an address, or the team (leaving it, naming it). */
type Notice = { tone: 'success'; key: MessageKey; email: string; team?: string } | { tone: 'error'; code: ErrorCode };
/** The one row asking "are you sure?" at a time. */
type Pending = { kind: 'remove' | 'leave' | 'revoke'; id: string; email: string };

const confirmTexts = {
  remove: ['team.removeConfirm', 'team.confirmRemove', 'team.removed'],
  leave: ['team.leaveConfirm', 'team.confirmLeave', 'team.left'],
  revoke: ['team.revokeConfirm', 'team.confirmRevoke', 'team.revoked'],
} as const satisfies Record<Pending['kind'], readonly [MessageKey, MessageKey, MessageKey]>;

/** One team: who is in it, who is invited, and what the caller may do about it. */
export function TeamCard({
  team,
  own,
  onChange,
  onLeft,
  licenseShownAbove = false,
}: {
  team: TeamView;
  own: boolean;
  /** The account page's License card shows this team's license already (the member works under it): once is enough. */
  licenseShownAbove?: boolean;
  onChange(): Promise<void>;
  /** Leaving takes the card away with its notice: the section says it instead. */
  onLeft?(team: string): void;
}) {
  const { t, language } = useI18n();
  const [notice, setNotice] = useState<Notice | undefined>();
  const [pending, setPending] = useState<Pending | undefined>();
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const withheld = team.twoFactor.withheld;
  const manager = !withheld && (team.role === 'owner' || team.role === 'admin');
  const headingId = `team-${team.id}`;
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

  async function run(call: Promise<{ error?: string; code?: ErrorCode }>, success: Notice) {
    setBusy(true);
    const result = await call;
    setBusy(false);
    setPending(undefined);
    setNotice(result.error ? { tone: 'error', code: result.code ?? 'server.internal' } : success);
    if (!result.error) await onChange();
    return !result.error;
  }

  const confirm = () => {
    if (!pending) return;
    const [, , done] = confirmTexts[pending.kind];
    const path = pending.kind === 'revoke' ? paths.teamInvitation.replace(':id', pending.id) : paths.teamMember.replace(':id', pending.id);
    const name = teamInText(t, team);
    const leaving = pending.kind === 'leave';
    void run(api('DELETE', path), { tone: 'success', key: done, email: pending.email, team: name }).then((succeeded) => {
      if (succeeded && leaving) onLeft?.(name);
    });
  };
  const resend = (invitation: TeamInvitationView) =>
    run(api('POST', paths.teamInvitationResend.replace(':id', invitation.id)), {
      tone: 'success',
      key: 'team.resent',
      email: invitation.email,
    });
  const changeRole = (member: TeamMemberView, role: AssignableRole) =>
    run(api('PATCH', paths.teamMember.replace(':id', member.id), { role }), {
      tone: 'success',
      key: 'team.roleChanged',
      email: member.email,
    });

  /** The confirmation that takes a row's place, or the row's own actions. */
  const actions = (kind: Pending['kind'], id: string, email: string, normal: React.ReactNode) =>
    pending?.id === id ? (
      <div className="team__confirm">
        <p>{rich(t(confirmTexts[kind][0]), { email: <Email value={email} />, team: <strong>{teamInText(t, team)}</strong> })}</p>
        <div className="team__actions">
          {/* Focus moves to the question's answer, so a keyboard user is where the choice is. */}
          <button type="button" className="button button--danger" disabled={busy} onClick={confirm} ref={(button) => button?.focus()}>
            {t(confirmTexts[kind][1])}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setPending(undefined)}>
            {t('team.cancel')}
          </button>
        </div>
      </div>
    ) : (
      normal
    );

  return (
    <section className="card team" aria-labelledby={headingId}>
      <div className="team__head">
        <h2 id={headingId}>{own ? (team.name ?? t('team.heading')) : teamTitle(t, team)}</h2>
        <span className="badge">{t(`team.roles.${team.role}`)}</span>
        {manager && !renaming && (
          <button type="button" className="button button--ghost team__rename-open" onClick={() => setRenaming(true)}>
            {t('team.rename')}
          </button>
        )}
      </div>
      {renaming && (
        <TeamNameForm
          team={team}
          onDone={async (name) => {
            setRenaming(false);
            if (!name) return;
            setNotice({ tone: 'success', key: 'team.renamed', email: '', team: name });
            await onChange();
          }}
        />
      )}
      {withheld ? withheldContents() : contents()}
    </section>
  );

  function alert() {
    return (
      <FormAlert tone={notice?.tone ?? 'error'} code={notice?.tone === 'error' ? notice.code : undefined}>
        {notice?.tone === 'success'
          ? rich(t(notice.key), {
              email: <Email value={notice.email} />,
              team: <strong>{notice.team}</strong>,
              name: <strong>{notice.team}</strong>,
            })
          : undefined}
      </FormAlert>
    );
  }

  /** Why the team shows nothing, the way to set up two-factor, and, for a member, the way out. */
  function withheldContents() {
    const you = team.members.find((member) => member.you);
    const leavable = you !== undefined && you.role !== 'owner';
    const asking = leavable && pending?.id === you.id;
    return (
      <>
        <WithheldTeam
          leave={
            leavable &&
            !asking && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setPending({ kind: 'leave', id: you.id, email: you.email })}
              >
                {t('team.confirmLeave')}
              </button>
            )
          }
        />
        {alert()}
        {asking && <div className="team__block">{actions('leave', you.id, you.email, null)}</div>}
      </>
    );
  }

  /** Members, invitations and the forms: what a withheld team does not show. */
  function contents() {
    return (
      <>
        <p className="muted">{own ? t('team.ownIntro') : t('team.memberIntro')}</p>
        {(manager || team.twoFactor.required) && <TeamTwoFactor team={team} manager={manager} onChange={onChange} />}
        {!own && !licenseShownAbove && (
          <div className="team__block">
            <h3>{t('team.plan')}</h3>
            {team.license ? <PlanSummary license={team.license} /> : <p className="muted">{t('team.noPlan')}</p>}
          </div>
        )}
        {alert()}
        <div className="team__block">
          <h3>{t('team.members', { count: team.members.length })}</h3>
          <ul className="boxed-list">
            {team.members.map((member) => (
              <li key={member.id} className="team__row">
                <div className="team__who">
                  <span className="team__name">
                    {member.name ?? <Email value={member.email} />}
                    {member.you && <span className="team__you"> ({t('team.you')})</span>}
                  </span>
                  {member.name && <span className="team__email">{member.email}</span>}
                </div>
                {team.twoFactor.required && member.twoFactor !== undefined && <TwoFactorBadge enrolled={member.twoFactor} />}
                {actions(
                  member.you ? 'leave' : 'remove',
                  member.id,
                  member.email,
                  <div className="team__actions">
                    {manager && member.role !== 'owner' && !member.you ? (
                      <select
                        className="team__role"
                        aria-label={t('team.roleOf', { email: member.email })}
                        value={member.role}
                        disabled={busy}
                        onChange={(event) => void changeRole(member, event.target.value as AssignableRole)}
                      >
                        <option value="admin">{t('team.roles.admin')}</option>
                        <option value="member">{t('team.roles.member')}</option>
                      </select>
                    ) : (
                      <span className="team__role-label">{t(`team.roles.${member.role}`)}</span>
                    )}
                    {member.role !== 'owner' && (member.you || manager) && (
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => setPending({ kind: member.you ? 'leave' : 'remove', id: member.id, email: member.email })}
                      >
                        {member.you ? t('team.leave') : t('team.remove')}
                      </button>
                    )}
                  </div>,
                )}
              </li>
            ))}
          </ul>
          {own && team.members.length === 1 && <p className="muted">{t('team.onlyYou')}</p>}
        </div>
        {manager && team.invitations.length > 0 && (
          <div className="team__block">
            <h3>{t('team.pending')}</h3>
            <ul className="boxed-list">
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="team__row">
                  <div className="team__who">
                    <Email value={invitation.email} />
                    <span className={invitation.expired ? 'team__expired' : 'team__email'}>
                      {t(`team.roles.${invitation.role}`)} ·{' '}
                      {invitation.expired ? t('team.expired') : t('team.expires', { date: date(invitation.expiresAt) })}
                    </span>
                  </div>
                  {actions(
                    'revoke',
                    invitation.id,
                    invitation.email,
                    <div className="team__actions">
                      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void resend(invitation)}>
                        {t('team.resend')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost"
                        onClick={() => setPending({ kind: 'revoke', id: invitation.id, email: invitation.email })}
                      >
                        {t('team.revoke')}
                      </button>
                    </div>,
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {manager && (
          <TeamInviteForm
            teamId={team.id}
            teamHeadingId={headingId}
            onInvited={async (emails) => {
              if (emails.length > 0) setNotice({ tone: 'success', key: 'team.invited', email: emails.join(', ') });
              await onChange();
            }}
          />
        )}
      </>
    );
  }
}

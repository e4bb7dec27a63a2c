import {
  type AssignableRole,
  type ErrorCode,
  api as paths,
  type TeamInviteBatchResponse,
  type TeamInviteResult,
  teamInviteBatchMax,
} from '@gatehouse/contract/browser';
import { useId, useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Email } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';

/** The addresses of a pasted list: separated by commas, semicolons, spaces or lines. */
export const splitAddresses = (value: string) => value.split(/[\s,;]+/).filter(Boolean);

/**
 * Invites colleagues by e-mail, one or a pasted list, as members or admins. Each address is
 * answered on its own; what was not invited stays in the field to fix, and an address already
 * invited offers to send its invitation again.
 */
export function TeamInviteForm({
  teamId,
  teamHeadingId,
  onInvited,
}: {
  teamId: string;
  /** The team's heading: one page may hold an invite form per team, each named after its team. */
  teamHeadingId: string;
  onInvited(emails: string[]): Promise<void>;
}) {
  const { t, te } = useI18n();
  const f = useForm();
  const fieldId = useId();
  const roleId = useId();
  const headingId = useId();
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [answers, setAnswers] = useState<TeamInviteResult[]>([]);
  const [resent, setResent] = useState<ReadonlySet<string>>(new Set());
  /** A resend refused (a mail limit), by address: said in its own row. */
  const [resendErrors, setResendErrors] = useState<Readonly<Record<string, ErrorCode>>>({});
  const error = f.fields.emails;

  const submit = f.onSubmit(async () => {
    const list = splitAddresses(emails);
    const problem: ErrorCode | undefined =
      list.length === 0 ? 'validation.email_invalid' : list.length > teamInviteBatchMax ? 'team.invitation_limit' : undefined;
    if (!f.check({ emails: problem })) return;
    const result = await api<TeamInviteBatchResponse>('POST', paths.teamInvitationBatch, { emails: list, role, teamId });
    if (!result.data) return f.fail(result);
    f.clear();
    const { results } = result.data;
    const invited = results.filter((r) => r.outcome === 'invited').map((r) => r.email);
    const rest = results.filter((r) => r.outcome !== 'invited');
    setAnswers(rest);
    setResent(new Set());
    setResendErrors({});
    // What needs fixing stays to be fixed; what was done, or cannot be, leaves the field.
    setEmails(
      rest
        .filter((r) => r.outcome === 'invalid' || r.outcome === 'failed')
        .map((r) => r.email)
        .join('\n'),
    );
    await onInvited(invited);
  });

  async function resend(answer: TeamInviteResult) {
    if (!answer.invitation) return;
    const result = await api('POST', paths.teamInvitationResend.replace(':id', answer.invitation.id));
    if (result.error) {
      setResendErrors((errors) => ({ ...errors, [answer.email]: result.code ?? 'server.internal' }));
      return;
    }
    setResendErrors(({ [answer.email]: _done, ...rest }) => rest);
    setResent((done) => new Set(done).add(answer.email));
    await onInvited([]);
  }

  const describedBy = [error ? `${fieldId}-error` : `${fieldId}-hint`].join(' ');
  return (
    <form
      method="post"
      ref={f.ref}
      onSubmit={submit}
      noValidate
      className="form team__invite"
      aria-labelledby={`${headingId} ${teamHeadingId}`}
    >
      <h3 id={headingId}>{t('team.inviteHeading')}</h3>
      <FormAlert code={f.formError} />
      <div className="team__invite-fields">
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <div className="field__top">
            <label htmlFor={fieldId} className="field__label">
              {t('team.emailsLabel')}
            </label>
          </div>
          <textarea
            id={fieldId}
            name="emails"
            className="field__input team__emails"
            rows={2}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('common.emailPlaceholder')}
            value={emails}
            onChange={(event) => setEmails(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          {error ? (
            <p id={`${fieldId}-error`} className="field__error">
              {te(error)}
            </p>
          ) : (
            <p id={`${fieldId}-hint`} className="field__hint">
              {t('team.emailsHint')}
            </p>
          )}
        </div>
        <div className="field">
          <div className="field__top">
            <label htmlFor={roleId} className="field__label">
              {t('team.role')}
            </label>
          </div>
          <select id={roleId} name="role" className="field__input" value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
            <option value="member">{t('team.roles.member')}</option>
            <option value="admin">{t('team.roles.admin')}</option>
          </select>
        </div>
      </div>
      <p className="field__hint">{t('team.roleHint')}</p>
      {answers.length > 0 && (
        <ul className="boxed-list team__answers" aria-live="polite">
          {answers.map((answer) => (
            <li key={answer.email} className={`team__row team__answer team__answer--${answer.outcome}`}>
              <div className="team__who">
                <Email value={answer.email} />
                <span className={answer.outcome === 'invalid' || answer.outcome === 'failed' ? 'team__expired' : 'team__email'}>
                  {resent.has(answer.email)
                    ? t('team.resent', { email: answer.email })
                    : answer.outcome === 'already_member' || answer.outcome === 'already_invited'
                      ? t(`team.outcomes.${answer.outcome}`)
                      : te((answer.code ?? 'validation.email_invalid') as ErrorCode)}
                </span>
                {resendErrors[answer.email] && (
                  <span className="team__expired" role="alert">
                    {te(resendErrors[answer.email] as ErrorCode)}
                  </span>
                )}
              </div>
              {answer.outcome === 'already_invited' && !resent.has(answer.email) && (
                <div className="team__actions">
                  <button type="button" className="button button--secondary" onClick={() => void resend(answer)}>
                    {t('team.resend')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button busy={f.busy}>{t('team.inviteSubmit')}</Button>
    </form>
  );
}

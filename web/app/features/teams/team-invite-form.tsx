import { type AssignableRole, normalizeEmail, api as paths } from '@gatehouse/contract';
import { useId, useState } from 'react';
import { EmailField } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

/** Invites a colleague by e-mail, as a member or an admin. */
export function TeamInviteForm({
  teamId,
  teamHeadingId,
  onInvited,
}: {
  teamId: string;
  /** The team's heading: one page may hold an invite form per team, each named after its team. */
  teamHeadingId: string;
  onInvited(email: string): Promise<void>;
}) {
  const { t } = useI18n();
  const f = useForm();
  const roleId = useId();
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');

  const submit = f.onSubmit(async () => {
    const normalized = normalizeEmail(email);
    if (!f.check({ email: normalized.ok ? undefined : normalized.code }) || !normalized.ok) return;
    const result = await api('POST', paths.teamInvitations, { email: normalized.email, role, teamId });
    if (result.error) return f.fail(result);
    f.clear();
    setEmail('');
    await onInvited(normalized.email);
  });

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
        <EmailField value={email} onValue={setEmail} error={f.fields.email} />
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
      <Button busy={f.busy}>{t('team.inviteSubmit')}</Button>
    </form>
  );
}

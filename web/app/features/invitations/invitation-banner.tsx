import type { InvitationPreview } from '@gatehouse/contract';
import { TeamIcon } from '../../components/icons.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';

/** "You are joining the team of …": above the sign-up and sign-in forms opened from an invitation. */
export function InvitationBanner({ preview, mode }: { preview: InvitationPreview; mode: 'signup' | 'login' }) {
  const { t } = useI18n();
  return (
    <div className="invitation-banner" role="status">
      <span className="invitation-banner__icon">
        <TeamIcon />
      </span>
      <div>
        <p className="invitation-banner__title">{rich(t('invitation.joining'), { email: <Email value={preview.teamOwnerEmail} /> })}</p>
        <p className="invitation-banner__hint">
          {rich(t(mode === 'signup' ? 'invitation.signupHint' : 'invitation.loginHint'), { email: <Email value={preview.email} /> })}
        </p>
      </div>
    </div>
  );
}

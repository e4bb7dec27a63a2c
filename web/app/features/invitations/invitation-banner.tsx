import type { ErrorCode, InvitationPreview } from '@gatehouse/contract/browser';
import { FormAlert } from '../../components/form-alert.tsx';
import { TeamIcon } from '../../components/later-icons.tsx';
import { Button } from '../../components/ui.tsx';
import { type Translator, useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';

/** The team as the invitation screens name it: its name, or its owner's. */
export function invitedTeam(t: Translator['t'], preview: InvitationPreview): string {
  return preview.teamName ? t('invitation.named', { name: preview.teamName }) : t('invitation.ownedBy', { owner: preview.teamOwnerName });
}

/** Who invited: their name and address, or the address alone. */
export function Inviter({ preview }: { preview: InvitationPreview }) {
  if (!preview.inviterEmail) return null;
  return preview.inviterName ? (
    <>
      <strong>{preview.inviterName}</strong> (<Email value={preview.inviterEmail} />)
    </>
  ) : (
    <Email value={preview.inviterEmail} />
  );
}

/** The invitation above a screen's form; for someone signed in (`join`), the form below says the rest. */
export function InvitationBanner({ preview, mode }: { preview: InvitationPreview; mode: 'signup' | 'login' | 'join' }) {
  const { t } = useI18n();
  return (
    <div className="invitation-banner" role="status">
      <span className="invitation-banner__icon">
        <TeamIcon />
      </span>
      <div>
        <p className="invitation-banner__title">{rich(t('invitation.joining'), { team: <strong>{invitedTeam(t, preview)}</strong> })}</p>
        {mode !== 'join' && preview.inviterEmail && (
          <p className="invitation-banner__hint">{rich(t('invitation.from'), { inviter: <Inviter preview={preview} /> })}</p>
        )}
        {mode !== 'join' && (
          <p className="invitation-banner__hint">
            {rich(t(mode === 'signup' ? 'invitation.signupHint' : 'invitation.loginHint'), { email: <Email value={preview.email} /> })}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * In the banner's place while the invitation cannot be shown (its lookup refused for the moment):
 * why, and a button that asks again. The invitation is kept meanwhile.
 */
export function InvitationUnavailable({ code, onRetry }: { code: ErrorCode; onRetry: () => void }) {
  const { t, te } = useI18n();
  return (
    <div className="invitation-unavailable">
      <FormAlert>
        {t('invitation.notShown')} {te(code)}.
      </FormAlert>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {t('invitation.show')}
      </Button>
    </div>
  );
}

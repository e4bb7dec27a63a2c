import { type InvitationPreview, api as paths } from '@gatehouse/contract/browser';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useLocalNavigate } from '../../lib/navigation.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';
import type { SessionData } from '../../lib/use-session.ts';
import { continueToApp, isAppSignIn } from '../app-sign-in/app-sign-in.ts';
import { SwitchAccount } from '../signed-in/signed-in-card.tsx';
import { Inviter } from './invitation-banner.tsx';

/**
 * On an invitation screen, for someone already signed in: one button joins the team, no password
 * typed again. Signed in with another address than the invited one, the screen says so and who
 * sent the invitation, and only that press joins (decision 030); or "Switch account" signs out
 * and shows the form, the invitation kept (decision 041). Joined, an app sign-in the screen was
 * opened for goes on (decision 039).
 */
export function InvitationJoin({
  token,
  preview,
  session,
  continueTo,
  onSignedOut,
}: {
  token: string;
  preview: InvitationPreview;
  session: SessionData;
  continueTo: string;
  onSignedOut: () => Promise<void>;
}) {
  const { t } = useI18n();
  const navigate = useLocalNavigate();
  const f = useForm();
  const signedInAs = session.account.email;
  const otherAddress = signedInAs.toLowerCase() !== preview.email.toLowerCase();

  const join = f.onSubmit(async () => {
    const result = await api('POST', paths.invitationAccept.replace(':token', encodeURIComponent(token)), { otherAddress });
    if (result.error) return f.fail(result);
    if (isAppSignIn(continueTo)) await continueToApp(continueTo);
    else navigate('/');
  });
  return (
    <>
      <form method="post" onSubmit={join} className="form invitation-join">
        <FormAlert code={f.formError} />
        {preview.inviterEmail && (
          <p>{rich(t('invitation.invitedBy'), { inviter: <Inviter preview={preview} />, email: <Email value={preview.email} /> })}</p>
        )}
        <p>{rich(t(otherAddress ? 'invitation.otherAccount' : 'invitation.signedInAs'), { email: <Email value={signedInAs} /> })}</p>
        <Button busy={f.busy}>{t('invitation.join')}</Button>
      </form>
      <SwitchAccount onSignedOut={onSignedOut} />
    </>
  );
}

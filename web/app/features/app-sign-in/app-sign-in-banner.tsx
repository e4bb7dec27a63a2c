import { PanelIcon } from '../../components/later-icons.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { rich } from '../../lib/rich.tsx';

/** "Sign in to continue to …": above the sign-in form opened by one of the operator's apps. */
export function AppSignInBanner({ name }: { name: string }) {
  const { t } = useI18n();
  const app = <strong>{name}</strong>;
  return (
    <div className="invitation-banner" role="status">
      <span className="invitation-banner__icon">
        <PanelIcon />
      </span>
      <div>
        <p className="invitation-banner__title">{rich(t('appSignIn.continuing'), { app })}</p>
        <p className="invitation-banner__hint">{rich(t('appSignIn.hint'), { app: name })}</p>
      </div>
    </div>
  );
}

import type { LicensePreview } from '@gatehouse/contract/browser';
import { GlobeIcon, ServerIcon } from '../../components/icons.tsx';
import { KeyIcon } from '../../components/later-icons.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/** A license's plan, its limits and status. */
export function PlanSummary({ license, suffix }: { license: LicensePreview; suffix?: string }) {
  const { t } = useI18n();
  const { servers, websites } = license.limits;
  return (
    <div className="plan">
      <div className="plan__head">
        <KeyIcon />
        <strong className="plan__name">{t(`plans.${license.plan}`)}</strong>
        <span className={`badge badge--${license.status}`}>{t(`licenseStatus.${license.status}`)}</span>
      </div>
      {servers === null || websites === null ? (
        <p className="plan__limits">{t('plans.custom')}</p>
      ) : (
        <ul className="plan__limits">
          <li>
            <ServerIcon /> {t('plans.servers', { count: servers })}
          </li>
          <li>
            <GlobeIcon /> {t('plans.websites', { count: websites })}
          </li>
        </ul>
      )}
      {suffix && <p className="muted">{t('account.key', { suffix })}</p>}
    </div>
  );
}

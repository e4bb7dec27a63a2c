import type { LicenseView } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { KeyIcon, PanelIcon } from '../../components/later-icons.tsx';
import { Button, ScreenHeading } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { mode } from '../../lib/mode.ts';
import { useSignupStore } from '../../lib/stores.ts';
import { LicenseKeyForm } from '../license/license-key-form.tsx';
import { PlanSummary } from '../license/plan.tsx';
import { useFinish } from './finish.ts';

type Way = 'platform' | 'standalone';

/** Step 4: activate the license, through a hosting panel or with a key; ends in Finish. */
export function ActivationStep() {
  const { t } = useI18n();
  const finish = useFinish();
  const pending = useSignupStore((s) => s.pendingLicense);
  const panel = mode().platformLicenseHere;
  // On our own site a key is the usual way in; inside a panel, the panel's own license (decision 042).
  const [way, setWay] = useState<Way>(pending || !panel ? 'standalone' : 'platform');
  const [license, setLicense] = useState<LicenseView>();

  if (license) {
    return (
      <>
        <ScreenHeading title={t('activation.heading')} />
        <FormAlert tone="success">{t('activation.activated', { plan: t(`plans.${license.plan}`) })}</FormAlert>
        <PlanSummary license={license} suffix={license.keySuffix} />
        <Button type="button" onClick={finish}>
          {t('common.finish')}
        </Button>
      </>
    );
  }

  return (
    <>
      <ScreenHeading title={t('activation.heading')} intro={t('activation.intro')} />
      <fieldset className="choices">
        <legend className="sr-only">{t('activation.intro')}</legend>
        {(panel ? (['platform', 'standalone'] as const) : (['standalone', 'platform'] as const)).map((option) => (
          <label key={option} className={`choice${way === option ? ' choice--selected' : ''}`}>
            <input type="radio" name="way" value={option} checked={way === option} onChange={() => setWay(option)} />
            <span className="icon-tile choice__icon">{option === 'platform' ? <PanelIcon /> : <KeyIcon />}</span>
            <span>
              <strong>{t(`activation.${option}`)}</strong>
              <span className="muted">{t(`activation.${option}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {way === 'platform' && panel ? (
        <LicenseKeyForm key="panel" note={t('activation.panelSteps')} onActivated={setLicense}>
          <Button type="button" variant="ghost" onClick={finish}>
            {t('activation.later')}
          </Button>
        </LicenseKeyForm>
      ) : way === 'platform' ? (
        <div className="form">
          <p className="note">{t('activation.platformSteps')}</p>
          <Button type="button" onClick={finish}>
            {t('common.finish')}
          </Button>
        </div>
      ) : (
        <LicenseKeyForm key="standalone" initialKey={pending} onActivated={setLicense}>
          <Button type="button" variant="ghost" onClick={finish}>
            {t('activation.later')}
          </Button>
        </LicenseKeyForm>
      )}
    </>
  );
}

import { type LicenseView, api as paths } from '@gatehouse/contract';
import type { ReactNode } from 'react';
import { track } from '../lib/analytics.ts';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { panelCredentials } from '../lib/panel.ts';
import { useForm } from '../lib/use-form.ts';
import { FormAlert } from './form-alert.tsx';
import { Button } from './ui.tsx';

/** Activates the license the hosting panel holds for its users (platform activation). */
export function PanelLicenseForm({ onActivated, children }: { onActivated(license: LicenseView): void; children?: ReactNode }) {
  const { t } = useI18n();
  const f = useForm();

  const activate = f.onSubmit(async () => {
    const { apiKey, userId } = panelCredentials();
    const result = await api<LicenseView>('POST', paths.licenseActivate, { platform: true, apiKey, userId }, { 'X-API-KEY': apiKey });
    if (result.error || !result.data) return f.fail({ ...result, code: result.code ?? 'license.activation_failed' });
    track('License Activated', { plan: result.data.plan });
    onActivated(result.data);
  });

  return (
    <form ref={f.ref} onSubmit={activate} noValidate className="form">
      <FormAlert code={f.formError} />
      <p className="note">{t('activation.panelSteps')}</p>
      <Button busy={f.busy}>{t('activation.activatePanel')}</Button>
      {children}
    </form>
  );
}

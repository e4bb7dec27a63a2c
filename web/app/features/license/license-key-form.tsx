import { type LicenseView, licenseKeyPattern, normalizeLicenseKey, api as paths } from '@gatehouse/contract/browser';
import { type ReactNode, useState } from 'react';
import { Field } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Button } from '../../components/ui.tsx';
import { track } from '../../lib/analytics.ts';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

/**
 * Activates a license key for the signed-in account. In a hosting panel the call names the
 * installation in X-API-KEY, which a platform license (issued to that panel) needs.
 */
export function LicenseKeyForm({
  initialKey = '',
  note,
  onActivated,
  children,
}: {
  initialKey?: string;
  /** A line above the key field. */
  note?: string;
  onActivated(license: LicenseView): void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [key, setKey] = useState(initialKey);
  const f = useForm();

  const activate = f.onSubmit(async () => {
    const normalized = normalizeLicenseKey(key);
    if (!f.check({ license: licenseKeyPattern.test(normalized) ? undefined : 'validation.license_invalid' })) return;
    const result = await api<LicenseView>('POST', paths.licenseActivate, { license: normalized });
    if (result.error || !result.data) return f.fail({ ...result, fields: { license: result.code ?? 'license.activation_failed' } });
    track('License Activated', { plan: result.data.plan });
    onActivated(result.data);
  });

  return (
    <form method="post" ref={f.ref} onSubmit={activate} noValidate className="form">
      <FormAlert code={f.formError} />
      {note && <p className="note">{note}</p>}
      <Field
        name="license"
        label={t('activation.keyLabel')}
        placeholder="GH-XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        error={f.fields.license}
        hint={t('activation.keyHelp')}
        help={t('activation.keyTooltip')}
      />
      <Button busy={f.busy}>{t('activation.activate')}</Button>
      {children}
    </form>
  );
}

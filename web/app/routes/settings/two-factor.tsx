import { type ErrorCode, isOtp, api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { CopyIcon, KeyIcon } from '../../components/later-icons.tsx';
import { OtpField } from '../../components/otp-field.tsx';
import { Button } from '../../components/ui.tsx';
import { CurrentPasswordField, SettingsForm } from '../../features/settings/confirm.tsx';
import { useSettings } from '../../features/settings/context.ts';
import { Block, Section } from '../../features/settings/section.tsx';
import { settingsApi } from '../../features/settings/settings-api.ts';
import { RecoveryCodes } from '../../features/two-factor/recovery-codes.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Email, rich } from '../../lib/rich.tsx';
import { useForm } from '../../lib/use-form.ts';

type Form = ReturnType<typeof useForm>;
interface Enrolment {
  secret: string;
  /** otpauth://totp/…: opens the authenticator app on the phone the page is on. */
  uri: string;
  qrSvg: string;
}

/**
 * Proof that the person at the keyboard owns the account, before a change to the second factor:
 * the password, or for an account without one a code mailed on request.
 */
function useProof(f: Form) {
  const { t } = useI18n();
  const { overview, session } = useSettings();
  const [password, setPassword] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [sent, setSent] = useState(false);
  const byPassword = overview.hasPassword;
  const send = f.onSubmit(async () => {
    const result = await settingsApi('POST', paths.twoFactorCode);
    if (result.error) return f.fail(result);
    f.clear();
    setSent(true);
  });
  return {
    ready: byPassword || sent,
    send,
    body: () => (byPassword ? { currentPassword: password } : { emailCode }),
    missing: (): Record<string, ErrorCode | undefined> =>
      byPassword
        ? { currentPassword: password ? undefined : 'validation.password_required' }
        : { emailCode: isOtp(emailCode) ? undefined : 'validation.otp_required' },
    reset: () => {
      setPassword('');
      setEmailCode('');
    },
    notice: sent && !byPassword ? rich(t('settings.twoFactor.codeSent'), { email: <Email value={session.account.email} /> }) : null,
    field: byPassword ? (
      <CurrentPasswordField
        account={session.account.email}
        value={password}
        onValue={setPassword}
        error={f.fields.currentPassword}
        hint={t('settings.twoFactor.passwordHint')}
      />
    ) : (
      <OtpField name="emailCode" value={emailCode} onValue={setEmailCode} error={f.fields.emailCode} />
    ),
  };
}

/** A form that asks for the proof first; without a password, its first press mails the code. */
function ProvedForm({
  form,
  proof,
  onSubmit,
  children,
}: {
  form: Form;
  proof: ReturnType<typeof useProof>;
  onSubmit: ReturnType<Form['onSubmit']>;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  if (!proof.ready) {
    return (
      <SettingsForm form={form} onSubmit={proof.send}>
        <Button busy={form.busy} variant="secondary">
          {t('settings.twoFactor.sendCode')}
        </Button>
      </SettingsForm>
    );
  }
  return (
    <SettingsForm form={form} onSubmit={onSubmit} notice={proof.notice && <FormAlert tone="info">{proof.notice}</FormAlert>}>
      {proof.field}
      {children}
    </SettingsForm>
  );
}

/** Turning two-factor authentication on (an authenticator app and recovery codes), renewing the codes, turning it off. */
export default function TwoFactorSection() {
  const { t } = useI18n();
  const { overview, refresh } = useSettings();
  const [codes, setCodes] = useState<string[]>();
  const [turnedOff, setTurnedOff] = useState(false);
  // While the QR code is on screen the factor is being set up, not off.
  const [settingUp, setSettingUp] = useState(false);

  if (codes) {
    return (
      <Section name="two-factor">
        <RecoveryCodes
          codes={codes}
          onDone={async () => {
            await refresh();
            setCodes(undefined);
          }}
        />
      </Section>
    );
  }
  const { enabled, recoveryCodesLeft } = overview.twoFactor;
  return (
    <Section name="two-factor" intro={t('settings.twoFactor.intro')}>
      {enabled ? (
        <>
          <p className="two-factor-status two-factor-status--on">
            <CheckIcon />
            <span>
              {t('settings.twoFactor.statusOn')} {t('settings.twoFactor.codesLeft', { count: recoveryCodesLeft })}
            </span>
          </p>
          <RegenerateBlock onCodes={setCodes} />
          <TurnOffBlock
            onDone={async () => {
              setTurnedOff(true);
              await refresh();
            }}
          />
        </>
      ) : (
        <>
          {turnedOff && <FormAlert tone="success">{t('settings.twoFactor.turnedOff')}</FormAlert>}
          <p className="two-factor-status">{t(settingUp ? 'settings.twoFactor.statusSettingUp' : 'settings.twoFactor.statusOff')}</p>
          <EnrolBlock onCodes={setCodes} onSettingUp={setSettingUp} />
        </>
      )}
    </Section>
  );
}

function EnrolBlock({ onCodes, onSettingUp }: { onCodes(codes: string[]): void; onSettingUp(settingUp: boolean): void }) {
  const { t } = useI18n();
  const f = useForm();
  const proof = useProof(f);
  const [enrolment, setEnrolmentState] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState(false);
  const setEnrolment = (next: Enrolment | undefined) => {
    setEnrolmentState(next);
    setCopied(false);
    onSettingUp(next !== undefined);
  };
  const copyKey = async (secret: string) => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };

  const begin = f.onSubmit(async () => {
    if (!f.check(proof.missing())) return;
    const result = await settingsApi<Enrolment>('POST', paths.twoFactorTotp, proof.body());
    if (!result.data) return f.fail(result);
    f.clear();
    proof.reset();
    setEnrolment(result.data);
  });
  const confirm = f.onSubmit(async () => {
    if (!f.check({ code: isOtp(code) ? undefined : 'two_factor.code_required' })) return;
    const result = await settingsApi<{ recoveryCodes: string[] }>('POST', paths.twoFactorTotpConfirm, { code });
    if (!result.data) return f.fail(result);
    onCodes(result.data.recoveryCodes);
  });

  if (!enrolment) {
    return (
      <ProvedForm form={f} proof={proof} onSubmit={begin}>
        <Button busy={f.busy}>{t('settings.twoFactor.start')}</Button>
      </ProvedForm>
    );
  }
  return (
    <Block title={t('settings.twoFactor.scanHeading')} intro={t('settings.twoFactor.scanIntro')}>
      <div className="two-factor-scan">
        {/* The otpauth:// link opens the authenticator app on the phone it is on (iOS and Android apps register it). */}
        <a className="button button--primary two-factor-scan__add" href={enrolment.uri}>
          <KeyIcon /> {t('settings.twoFactor.addToApp')}
        </a>
        <img
          className="two-factor-scan__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
          alt={t('settings.twoFactor.qrAlt')}
          width={176}
          height={176}
        />
        <div className="two-factor-scan__key">
          <p className="muted">{t('settings.twoFactor.secretLabel')}</p>
          <code className="two-factor-secret">{enrolment.secret.match(/.{1,4}/g)?.join(' ')}</code>
          <Button
            type="button"
            variant="secondary"
            className="button button--secondary two-factor-scan__copy"
            onClick={() => void copyKey(enrolment.secret)}
          >
            <CopyIcon /> {t('settings.twoFactor.copyKey')}
          </Button>
          <FormAlert tone="success">{copied ? t('settings.twoFactor.keyCopied') : null}</FormAlert>
        </div>
      </div>
      <SettingsForm form={f} onSubmit={confirm}>
        <OtpField
          value={code}
          onValue={setCode}
          error={f.fields.code}
          label={t('settings.twoFactor.confirmLabel')}
          hint={t('settings.twoFactor.confirmHint')}
        />
        <div className="settings-actions">
          <Button busy={f.busy}>{t('settings.twoFactor.confirm')}</Button>
          <Button type="button" variant="ghost" disabled={f.busy} onClick={() => setEnrolment(undefined)}>
            {t('settings.twoFactor.cancel')}
          </Button>
        </div>
      </SettingsForm>
    </Block>
  );
}

function RegenerateBlock({ onCodes }: { onCodes(codes: string[]): void }) {
  const { t } = useI18n();
  const f = useForm();
  const proof = useProof(f);
  const regenerate = f.onSubmit(async () => {
    if (!f.check(proof.missing())) return;
    const result = await settingsApi<{ recoveryCodes: string[] }>('POST', paths.twoFactorRecoveryCodes, proof.body());
    if (!result.data) return f.fail(result);
    onCodes(result.data.recoveryCodes);
  });
  return (
    <Block title={t('settings.twoFactor.regenerateHeading')} intro={t('settings.twoFactor.regenerateIntro')}>
      <ProvedForm form={f} proof={proof} onSubmit={regenerate}>
        <Button busy={f.busy} variant="secondary">
          {t('settings.twoFactor.regenerate')}
        </Button>
      </ProvedForm>
    </Block>
  );
}

function TurnOffBlock({ onDone }: { onDone(): Promise<void> }) {
  const { t } = useI18n();
  const f = useForm();
  const proof = useProof(f);
  const [code, setCode] = useState('');
  const turnOff = f.onSubmit(async () => {
    if (!f.check({ ...proof.missing(), code: isOtp(code) ? undefined : 'two_factor.code_required' })) return;
    const result = await settingsApi('DELETE', paths.twoFactor, { ...proof.body(), code });
    if (result.error) {
      setCode('');
      return f.fail(result);
    }
    await onDone();
  });
  return (
    <Block title={t('settings.twoFactor.offHeading')} intro={t('settings.twoFactor.offIntro')} tone="danger">
      <ProvedForm form={f} proof={proof} onSubmit={turnOff}>
        <OtpField
          value={code}
          onValue={setCode}
          error={f.fields.code}
          label={t('settings.twoFactor.confirmLabel')}
          hint={t('settings.twoFactor.currentCodeHint')}
        />
        <Button busy={f.busy} className="button button--danger">
          {t('settings.twoFactor.off')}
        </Button>
      </ProvedForm>
    </Block>
  );
}

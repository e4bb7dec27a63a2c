import { type PasskeyView, api as paths } from '@gatehouse/contract/browser';
import { useRef, useState } from 'react';
import { Field } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasskeyIcon } from '../../components/icons.tsx';
import { Button } from '../../components/ui.tsx';
import { passkeysSupported } from '../../features/passkeys/support.ts';
import { useSettings } from '../../features/settings/context.ts';
import { Section } from '../../features/settings/section.tsx';
import { formatDateTime, useSettingsList } from '../../features/settings/settings-api.ts';
import { WayInProofForm } from '../../features/settings/way-in-proof.tsx';
import { api } from '../../lib/api.ts';
import { type Translator, useI18n } from '../../lib/i18n.tsx';

/**
 * What the section has open: the proof before adding a passkey, or one passkey's rename or
 * removal. One at a time, so a mailed code answers the one change that is on screen.
 */
type Open = { kind: 'add' } | { kind: 'rename' | 'remove'; id: string };

const passkeyPath = (passkey: PasskeyView) => paths.passkey.replace(':id', encodeURIComponent(passkey.id));

/** A form that opens in place of a button takes the focus, so a keyboard user is where the question is. */
const focusFirstField = (element: HTMLElement | null) => element?.querySelector<HTMLElement>('input, button')?.focus();

/**
 * The account's passkeys (decision 048): each with its name, when it was added and last used,
 * whether it is synced, and the host it signs in on when that is another brand's; add one, rename
 * one, or remove one (never the last way in), each after the password or a mailed code.
 */
export default function PasskeysSection() {
  const { t, language } = useI18n();
  const { overview } = useSettings();
  const { items: passkeys, load } = useSettingsList<PasskeyView>(paths.passkeys);
  const [message, setMessage] = useState<string>();
  const [open, setOpen] = useState<Open>();
  // The button that opened the form: it takes the focus back when the form is cancelled.
  const opener = useRef<string>(undefined);

  const start = (next: Open) => {
    setMessage(undefined);
    opener.current = next.kind === 'add' ? 'add' : `${next.kind}:${next.id}`;
    setOpen(next);
  };
  const refocus = (key: string) => (button: HTMLButtonElement | null) => {
    if (button && opener.current === key && !open) {
      opener.current = undefined;
      button.focus();
    }
  };
  const done = async (text: string) => {
    opener.current = undefined;
    setOpen(undefined);
    setMessage(text);
    await load();
  };
  const isOpen = (kind: 'rename' | 'remove', passkey: PasskeyView) => open?.kind === kind && open.id === passkey.id;
  const here = typeof window === 'undefined' ? '' : window.location.hostname;

  return (
    <Section name="passkeys" intro={t('settings.passkeys.intro')}>
      <FormAlert tone="success">{message}</FormAlert>
      {!passkeys ? (
        <span className="spinner" aria-hidden="true" />
      ) : passkeys.length === 0 ? (
        <p className="muted">{t('settings.passkeys.none')}</p>
      ) : (
        <ul className="boxed-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="device passkey">
              {isOpen('rename', passkey) ? (
                <div className="passkey__change" ref={focusFirstField}>
                  <RenamePasskey
                    passkey={passkey}
                    hasPassword={overview.hasPassword}
                    onRenamed={(name) => done(t('settings.passkeys.renamed', { name }))}
                    onCancel={() => setOpen(undefined)}
                  />
                </div>
              ) : (
                <>
                  <div className="passkey__head">
                    <PasskeyIcon className="passkey__icon" />
                    <div className="device__main">
                      <p className="device__name">
                        {passkey.name}
                        {passkey.synced && <span className="badge badge--active">{t('settings.passkeys.synced')}</span>}
                      </p>
                      <p className="device__meta">
                        <span>{t('settings.passkeys.created', { date: formatDateTime(passkey.createdAt, language) })}</span>
                        <span>
                          {passkey.lastUsedAt
                            ? t('settings.passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, language) })
                            : t('settings.passkeys.neverUsed')}
                        </span>
                        {here && passkey.host !== here && <span>{t('settings.passkeys.otherHost', { host: passkey.host })}</span>}
                      </p>
                    </div>
                  </div>
                  {isOpen('remove', passkey) ? (
                    <RemovePasskey
                      passkey={passkey}
                      hasPassword={overview.hasPassword}
                      onRemoved={() => done(t('settings.passkeys.removed', { name: passkey.name }))}
                      onCancel={() => setOpen(undefined)}
                    />
                  ) : (
                    <div className="passkey__actions">
                      <Button
                        type="button"
                        variant="ghost"
                        ref={refocus(`rename:${passkey.id}`)}
                        onClick={() => start({ kind: 'rename', id: passkey.id })}
                        aria-label={t('settings.passkeys.renameLabel', { name: passkey.name })}
                      >
                        {t('settings.passkeys.rename')}
                      </Button>
                      <Button
                        type="button"
                        variant="secondary"
                        ref={refocus(`remove:${passkey.id}`)}
                        onClick={() => start({ kind: 'remove', id: passkey.id })}
                        aria-label={t('settings.passkeys.removeLabel', { name: passkey.name })}
                      >
                        {t('settings.passkeys.remove')}
                      </Button>
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!passkeysSupported() ? (
        <p className="muted">{t('settings.passkeys.unsupported')}</p>
      ) : open?.kind === 'add' ? (
        <div ref={focusFirstField}>
          <AddPasskey
            hasPassword={overview.hasPassword}
            onAdded={() => done(t('settings.passkeys.added'))}
            onCancel={() => setOpen(undefined)}
          />
        </div>
      ) : (
        <div className="settings-form">
          <Button type="button" variant="secondary" ref={refocus('add')} onClick={() => start({ kind: 'add' })}>
            {t('settings.passkeys.add')}
          </Button>
        </div>
      )}
    </Section>
  );
}

/** The texts of the proof before renaming or removing one: the mailed code confirms any change to the passkeys. */
const changeProofTexts = (t: Translator['t'], proceed: string) => ({
  password: t('settings.passkeys.confirmChangePassword'),
  code: t('settings.passkeys.confirmChangeCode'),
  codeSent: t('settings.passkeys.codeSent'),
  sendCode: t('settings.passkeys.sendCode'),
  proceed,
  cancel: t('settings.passkeys.cancel'),
});

/** The proof, then the browser's dialog that makes the passkey, then the server keeps it. */
function AddPasskey({ hasPassword, onAdded, onCancel }: { hasPassword: boolean; onAdded(): Promise<void>; onCancel(): void }) {
  const { t } = useI18n();
  return (
    <WayInProofForm
      hasPassword={hasPassword}
      codePath={paths.passkeyCode}
      texts={{
        password: t('settings.passkeys.confirmPassword'),
        code: t('settings.passkeys.confirmCode'),
        codeSent: t('settings.passkeys.codeSent'),
        sendCode: t('settings.passkeys.sendCode'),
        proceed: t('settings.passkeys.create'),
        cancel: t('settings.passkeys.cancel'),
      }}
      proceed={async (proof) => {
        // The ceremony's code loads with the press, as on the login screen (decision 053).
        const { ceremony } = await import('../../features/passkeys/passkey-client.ts');
        const result = await ceremony<PasskeyView>('create', { path: paths.passkeyOptions, body: proof }, (response) =>
          api<PasskeyView>('POST', paths.passkeys, { response: response as Record<string, unknown> }),
        );
        if (result.data) await onAdded();
        return result;
      }}
      onCancel={onCancel}
    />
  );
}

/** The new name and the proof, in one form. */
function RenamePasskey({
  passkey,
  hasPassword,
  onRenamed,
  onCancel,
}: {
  passkey: PasskeyView;
  hasPassword: boolean;
  onRenamed(name: string): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const [name, setName] = useState(passkey.name);
  return (
    <WayInProofForm
      hasPassword={hasPassword}
      codePath={paths.passkeyCode}
      texts={changeProofTexts(t, t('settings.passkeys.save'))}
      fields={(errors) => (
        <Field
          name="name"
          label={t('settings.passkeys.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={60}
        />
      )}
      check={() => ({ name: name.trim() ? undefined : 'passkey.name_invalid' })}
      proceed={async (proof) => {
        const result = await api('PATCH', passkeyPath(passkey), { name, ...proof });
        if (!result.error) await onRenamed(name.trim());
        return result;
      }}
      onCancel={onCancel}
    />
  );
}

/** "Are you sure?" on the passkey's row: what removing it means, then the proof. */
function RemovePasskey({
  passkey,
  hasPassword,
  onRemoved,
  onCancel,
}: {
  passkey: PasskeyView;
  hasPassword: boolean;
  onRemoved(): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useI18n();
  // A fieldset: its legend, the question, is announced with the field that takes the focus.
  return (
    <fieldset className="passkey__change passkey__change--remove" ref={focusFirstField}>
      <legend className="passkey__question">{t('settings.passkeys.removeQuestion', { name: passkey.name })}</legend>
      <WayInProofForm
        hasPassword={hasPassword}
        codePath={paths.passkeyCode}
        texts={changeProofTexts(t, t('settings.passkeys.removeSubmit'))}
        tone="danger"
        intro={<p>{t('settings.passkeys.removeWhat')}</p>}
        proceed={async (proof) => {
          const result = await api('DELETE', passkeyPath(passkey), proof);
          // Removed meanwhile (from another tab): what was asked for is done.
          if (result.error && result.code !== 'passkey.not_found') return result;
          await onRemoved();
          return undefined;
        }}
        onCancel={onCancel}
      />
    </fieldset>
  );
}

import { type PasskeyView, api as paths } from '@gatehouse/contract/browser';
import { useState } from 'react';
import { Field } from '../../components/fields.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasskeyIcon } from '../../components/icons.tsx';
import { Button } from '../../components/ui.tsx';
import { passkeysSupported } from '../../features/passkeys/support.ts';
import { useSettings } from '../../features/settings/context.ts';
import { Section } from '../../features/settings/section.tsx';
import { endListItem, formatDateTime, useSettingsList } from '../../features/settings/settings-api.ts';
import { WayInProofForm } from '../../features/settings/way-in-proof.tsx';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useForm } from '../../lib/use-form.ts';

/**
 * The account's passkeys (decision 048): each with its name, when it was added and last used,
 * whether it is synced, and the host it signs in on when that is another brand's; rename,
 * remove (never the last way in), and add one after the password or a mailed code.
 */
export default function PasskeysSection() {
  const { t, language } = useI18n();
  const { overview } = useSettings();
  const { items: passkeys, load } = useSettingsList<PasskeyView>(paths.passkeys);
  const [message, setMessage] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string>();
  const f = useForm();

  const remove = (passkey: PasskeyView) =>
    endListItem(f, setMessage, {
      path: paths.passkey.replace(':id', encodeURIComponent(passkey.id)),
      gone: 'passkey.not_found',
      message: t('settings.passkeys.removed', { name: passkey.name }),
      load,
    });
  const added = async () => {
    setAdding(false);
    setMessage(t('settings.passkeys.added'));
    await load();
  };
  const here = typeof window === 'undefined' ? '' : window.location.hostname;

  return (
    <Section name="passkeys" intro={t('settings.passkeys.intro')}>
      <FormAlert code={f.formError} />
      <FormAlert tone="success">{message}</FormAlert>
      {!passkeys ? (
        <span className="spinner" aria-hidden="true" />
      ) : passkeys.length === 0 ? (
        <p className="muted">{t('settings.passkeys.none')}</p>
      ) : (
        <ul className="boxed-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="device passkey">
              {renaming === passkey.id ? (
                <RenameForm
                  passkey={passkey}
                  onDone={async (name) => {
                    setRenaming(undefined);
                    if (name) setMessage(t('settings.passkeys.renamed', { name }));
                    await load();
                  }}
                />
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
                  <div className="passkey__actions">
                    <Button
                      type="button"
                      variant="ghost"
                      disabled={f.busy}
                      onClick={() => {
                        setMessage(undefined);
                        setRenaming(passkey.id);
                      }}
                      aria-label={t('settings.passkeys.renameLabel', { name: passkey.name })}
                    >
                      {t('settings.passkeys.rename')}
                    </Button>
                    <form method="post" onSubmit={remove(passkey)}>
                      <Button variant="secondary" busy={f.busy} aria-label={t('settings.passkeys.removeLabel', { name: passkey.name })}>
                        {t('settings.passkeys.remove')}
                      </Button>
                    </form>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!passkeysSupported() ? (
        <p className="muted">{t('settings.passkeys.unsupported')}</p>
      ) : adding ? (
        <AddPasskey hasPassword={overview.hasPassword} onAdded={added} onCancel={() => setAdding(false)} />
      ) : (
        <div className="settings-form">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setMessage(undefined);
              setAdding(true);
            }}
          >
            {t('settings.passkeys.add')}
          </Button>
        </div>
      )}
    </Section>
  );
}

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

function RenameForm({ passkey, onDone }: { passkey: PasskeyView; onDone(name?: string): Promise<void> }) {
  const { t } = useI18n();
  const [name, setName] = useState(passkey.name);
  const f = useForm();
  const save = f.onSubmit(async () => {
    const result = await api('PATCH', paths.passkey.replace(':id', encodeURIComponent(passkey.id)), { name });
    if (result.error) return f.fail(result);
    await onDone(name.trim());
  });
  return (
    <form method="post" ref={f.ref} onSubmit={save} noValidate className="form passkey__rename">
      <FormAlert code={f.formError} />
      <Field
        name="name"
        label={t('settings.passkeys.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={f.fields.name}
        maxLength={60}
      />
      <div className="connection__actions">
        <Button busy={f.busy}>{t('settings.passkeys.save')}</Button>
        <Button type="button" variant="ghost" disabled={f.busy} onClick={() => void onDone()}>
          {t('settings.passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { CopyIcon, DownloadIcon } from '../../components/later-icons.tsx';
import { Button } from '../../components/ui.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useSession } from '../../lib/use-session.ts';
import { Block } from '../settings/section.tsx';

/** The recovery codes, shown this once: copy them, download them, then say they are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): Promise<void> }) {
  const { t } = useI18n();
  const { session } = useSession();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const text = [t('settings.twoFactor.fileHeader', { email: session?.account.email ?? '' }), '', ...codes, ''].join('\n');

  async function copy() {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <Block title={t('settings.twoFactor.codesHeading')} intro={t('settings.twoFactor.codesIntro')}>
      <FormAlert tone="success">{copied ? t('settings.twoFactor.copied') : null}</FormAlert>
      <ol className="recovery-codes" aria-label={t('settings.twoFactor.codesHeading')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="settings-actions">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          <CopyIcon /> {t('settings.twoFactor.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          <DownloadIcon /> {t('settings.twoFactor.download')}
        </Button>
      </div>
      <div className="settings-form">
        <Button
          type="button"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            await onDone();
          }}
        >
          {t('settings.twoFactor.saved')}
        </Button>
      </div>
    </Block>
  );
}

import type { SettingsSection } from '@gatehouse/contract/browser';
import { type ReactNode, useId } from 'react';
import { PageTitle } from '../../components/brand-mark.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/** One settings section: its title (also the page's), an introduction and its content. */
export function Section({ name, intro, children }: { name: SettingsSection; intro?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  const id = useId();
  const title = t(`settings.sections.${name}`);
  return (
    <section className="settings-section" aria-labelledby={id}>
      <PageTitle title={`${title} · ${t('settings.title')}`} />
      <header className="settings-section__head">
        <h2 id={id}>{title}</h2>
        {intro && <p className="muted">{intro}</p>}
      </header>
      {children}
    </section>
  );
}

/** A titled block inside a section (the consent history, the data download, the deletion). */
export function Block({ title, intro, tone, children }: { title: string; intro?: ReactNode; tone?: 'danger'; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`settings-block${tone ? ` settings-block--${tone}` : ''}`} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {intro && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}

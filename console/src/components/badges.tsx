import type { ReactNode } from 'react';
import { useI18n } from '../i18n/index.tsx';

export function Badge({ tone, children }: { tone: 'good' | 'bad' | 'warn' | 'neutral' | 'info'; children: ReactNode }) {
  return <span className={`badge ${tone}`}>{children}</span>;
}

export function PageHeader({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
      </div>
      {children && <div className="page-actions">{children}</div>}
    </div>
  );
}

/** A refusal or failure from the server, in the operator's language; nothing when there is none. */
export function ErrorAlert({ error, text }: { error: { code: string } | null | undefined; text?: string }) {
  const { errorText } = useI18n();
  if (!error) return null;
  return (
    <p className="alert error" role="alert">
      {text ?? errorText(error.code)}
    </p>
  );
}

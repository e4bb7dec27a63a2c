import type { Language } from '@gatehouse/contract';
import type { DbOrTx } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { iso } from '../lib/clock.ts';
import { newId } from '../lib/crypto.ts';
import { insertMail } from './outbox.repository.ts';
import { type MailBrand, type MailKind, type MailParams, renderMail } from './templates.ts';

export interface MailRequest {
  to: string;
  kind: MailKind;
  language: Language;
  brand: MailBrand;
  params: MailParams;
}

/**
 * Writes a mail to the outbox. Call it inside the transaction of the change that causes the
 * mail: both commit or neither does, and the worker sends it afterwards with retries. The
 * bodies carry links and codes: they are stored encrypted, and blanked once sent (decision 014).
 */
export async function enqueueMail(db: DbOrTx, deps: Pick<Deps, 'clock' | 'secrets'>, request: MailRequest): Promise<void> {
  const rendered = renderMail(request.kind, request.language, request.brand, request.params);
  const now = iso(deps.clock.now());
  await insertMail(db, {
    id: newId(),
    to_address: request.to,
    kind: request.kind,
    locale: request.language,
    subject: rendered.subject,
    text_body: deps.secrets.seal(rendered.text),
    html_body: deps.secrets.seal(rendered.html),
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    last_error: null,
    sent_at: null,
    created_at: now,
  });
}

import { api, normalizeEmail } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { listMails } from './outbox.repository.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The development mailbox: every mail of the outbox, newest first, as JSON (curl, tests) or as
 * a page (browsers). Registered only on a loopback listener or with DEV_MAILBOX=1.
 */
export function mailboxRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: { to?: string } }>(api.devMailbox, { schema: { hide: true } }, async (request, reply) => {
    const to = request.query.to ? normalizeEmail(String(request.query.to)) : undefined;
    const mails = await listMails(deps.db, to?.ok ? to.email : undefined, 50);
    const data = mails.map((mail) => ({
      id: mail.id,
      to: mail.to_address,
      kind: mail.kind,
      subject: mail.subject,
      text: mail.text_body,
      links: mail.text_body.match(/https?:\/\/[^\s]+/g) ?? [],
      createdAt: mail.created_at,
      sentAt: mail.sent_at,
    }));
    if (!(request.headers.accept ?? '').includes('text/html')) return { data };
    const items = data
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">${escapeHtml(mail.to)} · ${mail.createdAt}</p><pre>${escapeHtml(mail.text)}</pre>${mail.links.map((link) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`).join('')}</article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111827}article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#4b5563}</style></head><body><h1>Development mailbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}

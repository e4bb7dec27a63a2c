import { isIP } from 'node:net';
import { api, normalizeEmail } from '@gatehouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { sendError } from '../http/error-handler.ts';
import { listMails } from './outbox.repository.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const forwardingHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** `localhost`, `127.x.x.x` or `[::1]`, with any port: what a browser on this machine sends. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  return name.toLowerCase() === 'localhost' || isLoopbackAddress(name);
}

/**
 * Only the machine's own browser or curl: a loopback socket, a loopback Host (no DNS rebinding)
 * and no forwarding header (nothing relayed by a proxy on this machine). The raw socket and
 * header are read, never request.ip or request.host, which TRUST_PROXY may take from a proxy.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.raw.socket.remoteAddress) &&
    isLoopbackHost(request.headers.host) &&
    forwardingHeaders.every((name) => request.headers[name] === undefined)
  );
}

/**
 * The development mailbox: every mail of the outbox, newest first, as JSON (curl, tests) or as
 * a page (browsers). Registered only with DEV_MAILBOX=1 in development (config.ts), and even
 * then a 404, as if it did not exist, to anyone but the machine itself (decision 013).
 */
export function mailboxRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: { to?: string } }>(api.devMailbox, { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalCaller(request)) return sendError(reply, 404, 'request.not_found', { params: { path: api.devMailbox } });
    const to = request.query.to ? normalizeEmail(String(request.query.to)) : undefined;
    const mails = await listMails(deps.db, to?.ok ? to.email : undefined, 50);
    const data = mails.map((mail) => {
      const text = deps.secrets.open(mail.text_body);
      return {
        id: mail.id,
        to: mail.to_address,
        kind: mail.kind,
        subject: mail.subject,
        text,
        links: text.match(/https?:\/\/[^\s]+/g) ?? [],
        createdAt: mail.created_at,
        sentAt: mail.sent_at,
      };
    });
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

import { isIP } from 'node:net';
import { api, normalizeEmail } from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { sendError } from '../http/error-handler.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
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

/** The cookie that remembers the mailbox's key in the developer's browser, for the mailbox's path only. */
export const mailboxCookie = 'gatehouse_mailbox';

/**
 * The key made at start, from the link printed then (`?key=`) or the cookie that link left.
 * Headers cannot prove that a caller sits on this machine (a proxy may rewrite Host and add
 * nothing): only someone who saw the start message holds the key (decision 013).
 */
function holdsKey(request: FastifyRequest<{ Querystring: { key?: string } }>, key: string): boolean {
  const given = request.query.key ?? request.cookies[mailboxCookie];
  return typeof given === 'string' && safeEqual(sha256(given), sha256(key));
}

function rememberKey(reply: FastifyReply, key: string): void {
  reply.setCookie(mailboxCookie, key, { path: api.devMailbox, httpOnly: true, sameSite: 'strict' });
}

/**
 * The development mailbox: every mail of the outbox, newest first, as JSON (curl, tests) or as
 * a page (browsers). Registered only with DEV_MAILBOX=1 in development (config.ts), and even
 * then a 404, as if it did not exist, to anyone without the key made at start, or not on this
 * machine (decision 013).
 */
export function mailboxRoutes(app: FastifyInstance, deps: Deps, key: string): void {
  app.get<{ Querystring: { to?: string; key?: string } }>(api.devMailbox, { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalCaller(request) || !holdsKey(request, key)) {
      return sendError(reply, 404, 'request.not_found', { params: { path: api.devMailbox } });
    }
    const html = (request.headers.accept ?? '').includes('text/html');
    if (request.query.key !== undefined) {
      rememberKey(reply, key);
      // The browser keeps the key in its cookie; the address bar and history lose it.
      if (html)
        return reply.redirect(
          request.query.to ? `${api.devMailbox}?${new URLSearchParams({ to: request.query.to })}` : api.devMailbox,
          303,
        );
    }
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
    if (!html) return { data };
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

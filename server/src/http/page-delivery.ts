import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A `q=0`
 * refuses an encoding; `*` stands for any other.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

/**
 * One HTML page held in memory: its bytes, a strong ETag, and its brotli and gzip forms, each
 * made once on first demand (at the highest level: a page is compressed once per process, and
 * sent many times). Pages carry no secret and reflect no request input, so compressing them
 * opens no BREACH-style oracle.
 */
export class Page {
  readonly body: Buffer;
  readonly etag: string;
  readonly csp: string;
  readonly #encoded = new Map<Encoding, Buffer>();

  constructor(html: string, csp: string) {
    this.body = Buffer.from(html, 'utf8');
    this.csp = csp;
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 22)}"`;
  }

  encoded(encoding: Encoding): Buffer {
    let body = this.#encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(this.body, { level: constants.Z_BEST_COMPRESSION });
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a page compressed as the client accepts, revalidated by ETag (no-cache: a browser asks
 * each time, and gets a 304 while the page is unchanged). Each encoding has its own ETag, as
 * each is another representation.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
  reply
    .code(status)
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (status === 200) {
    reply.header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  }
  if (!encoding) return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(page.encoded(encoding));
}

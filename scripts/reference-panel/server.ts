// The reference panel: plays a hosting panel (cPanel/WHM) on its own origin, for development,
// the README and the browser tests. It serves the panel build under /templates/monitoring/spa/
// and hands the app the panel user's apiKey and userId as a real plugin's page does: a global
// set before the app's script, or postMessage from the panel page framing the app.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { panelBasePath } from '@gatehouse/contract';
import { negotiateEncoding } from '@gatehouse/server/pages';
import { embeddedPage, homePage, userCookie } from './pages.ts';
import { panelConfigScript } from './panel-config.ts';

export interface ReferencePanelOptions {
  port: number;
  /** The panel build (web/build-panel/client). */
  dir: string;
  /** The apiKey `npm run admin -- panel create` printed for this panel's origin. */
  apiKey: string;
  /** Overrides the apiUrl of the build's runtime-config.js, as an operator editing it would. */
  apiUrl?: string;
  /** The panel user when none has signed in to the panel (the userId the plugin sends). */
  defaultUser?: string;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const encodingSuffix = { br: '.br', gzip: '.gz' } as const;

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function panelUser(request: IncomingMessage, fallback: string): string {
  const match = new RegExp(`(?:^|;\\s*)${userCookie}=([^;]+)`).exec(request.headers.cookie ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * A file of the build as a panel's web server sends it: the build's brotli or gzip copy when the
 * browser takes it (Vary: Accept-Encoding), hashed assets cached for a year, everything else
 * revalidated by ETag. runtime-config.js has no copies: operators edit it in place.
 */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string, relative: string) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const variant = encoding && existsSync(`${file}${encodingSuffix[encoding]}`) ? encoding : undefined;
  const path = variant ? `${file}${encodingSuffix[variant]}` : file;
  const stat = statSync(path);
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${variant ? `-${variant}` : ''}"`;
  const headers: Record<string, string> = {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': relative.startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    etag,
  };
  if (variant) headers['content-encoding'] = variant;
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, headers);
  response.end(readFileSync(path));
}

export function startReferencePanel(options: ReferencePanelOptions): Promise<Server> {
  const origin = `http://127.0.0.1:${options.port}`;
  const defaultUser = options.defaultUser ?? 'panel-user-1';
  const root = resolve(options.dir);
  const index = join(root, 'index.html');

  function serveApp(request: IncomingMessage, response: ServerResponse, path: string) {
    const relative = normalize(decodeURIComponent(path.slice(panelBasePath.length)));
    const file = join(root, relative);
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(404).end();
      return;
    }
    if (relative === 'runtime-config.js' && options.apiUrl) {
      response.writeHead(200, { 'content-type': types['.js'], 'cache-control': 'no-cache' });
      response.end(panelConfigScript({ apiUrl: options.apiUrl }));
      return;
    }
    if (relative !== '.' && existsSync(file) && statSync(file).isFile()) {
      sendFile(request, response, file, relative);
      return;
    }
    // Every screen is the one SPA page. Opened by the panel itself, the page carries the
    // credentials as a global; framed by /embedded, the framing page posts them instead.
    let html = readFileSync(index, 'utf8');
    if (request.headers['sec-fetch-dest'] !== 'iframe') {
      const credentials = { apiKey: options.apiKey, userId: panelUser(request, defaultUser) };
      html = html.replace('<head>', `<head><script>window.__GATEHOUSE_PANEL__=${json(credentials)};</script>`);
    }
    // Sent as it is, never compressed: it carries the panel's credentials, and a compressed page
    // beside attacker-chosen text would leak them by its length (BREACH).
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    const headers = { 'content-type': types['.html'] ?? 'text/html', 'cache-control': 'no-cache', etag };
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers).end();
      return;
    }
    response.writeHead(200, headers);
    response.end(html);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith(panelBasePath)) return serveApp(request, response, url.pathname);
    if (url.pathname === panelBasePath.slice(0, -1)) {
      response.writeHead(301, { location: panelBasePath }).end();
      return;
    }
    if (url.pathname === '/switch-user' && request.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const user = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('user')?.trim() || defaultUser;
      response.writeHead(303, { location: '/', 'set-cookie': `${userCookie}=${encodeURIComponent(user)}; Path=/; SameSite=Lax` });
      response.end();
      return;
    }
    if (url.pathname === '/' || url.pathname === '/embedded') {
      const user = panelUser(request, defaultUser);
      const page = url.pathname === '/' ? homePage(user) : embeddedPage({ apiKey: options.apiKey, userId: user }, json);
      response.writeHead(200, { 'content-type': types['.html'], 'cache-control': 'no-cache' });
      response.end(page);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}

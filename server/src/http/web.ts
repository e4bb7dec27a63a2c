import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  type BrandView,
  isExternalTarget,
  isLanguage,
  languageOr,
  localizedPath,
  matchRouteRule,
  negotiateLanguage,
  screenPatterns,
  screenTable,
  templatePath,
} from '@gatehouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { builtPages } from './built-pages.ts';
import { sendError } from './error-handler.ts';
import { Page, sendPage } from './page-delivery.ts';
import { pageTextFiles } from './page-texts.ts';
import { connectSources, type PaintedBrand, runtimeConfigScript } from './runtime-config.ts';

const stripQuery = (url: string | undefined) => (url ?? '').split('?')[0] ?? '/';
const localeCookie = 'i18n_lang';

/** The CSP of one page: no inline script runs unless its exact hash is listed. */
function pageCsp(html: string, connect: string[]): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self' ${connect.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * A page loads its texts before it hydrates (page-texts.ts). Preloading them with the page saves
 * a round trip after the app's script has started, but only for a page that preloads its
 * scripts in the head (a build with GATEHOUSE_PAINT_FIRST=0): the default build's pages request
 * their scripts, texts included, after their first paint (scripts/defer-scripts.ts), and a
 * preload here would be fetched before that paint.
 */
function textPreloads(root: string): (path: string) => string {
  const filesOf = pageTextFiles(root);
  return (path) =>
    filesOf(path)
      .map((href) => `<link rel="modulepreload" href="${href}">`)
      .join('');
}

/**
 * Every prerendered page of the build, by the path it answers, with the run-time settings
 * inlined (the standalone build links no settings file): no request before the first paint,
 * and the page's CSP allows exactly that script by its hash. Added at the end of the head, where
 * React's hydration skips a node it did not render.
 */
function loadPages(root: string, config: Config): { pages: Map<string, Page>; branded: (page: Page, brand: PaintedBrand) => Page } {
  const connect = connectSources(config);
  const pages = new Map<string, Page>();
  const sources = new Map<Page, (settings: string, head: string) => string>();
  const preloads = textPreloads(root);
  for (const { path, file } of builtPages(root)) {
    const built = readFileSync(file, 'utf8');
    const preloadsScripts = built.includes('<link rel="modulepreload"');
    const render = (settings: string, head: string) =>
      built.replace('</head>', `<script>${settings}</script>${head}${preloadsScripts ? preloads(path) : ''}</head>`);
    const html = render(runtimeConfigScript(config), '');
    const page = new Page(html, pageCsp(html, connect));
    pages.set(path, page);
    sources.set(page, render);
  }
  // A host's brand in its pages' first paint: its name where the build wrote the default one, its
  // colour over the stylesheet's, and both in the settings, so that the app's first render (which
  // reads them there) matches the HTML it hydrates. One copy per brand and page, made on demand.
  const variants = new Map<string, Page>();
  const branded = (page: Page, brand: PaintedBrand) => {
    const render = sources.get(page);
    if (!render) return page;
    const key = `${page.etag}|${brand.name}|${brand.color ?? ''}`;
    let variant = variants.get(key);
    if (!variant) {
      const colour = brand.color ? `<style>:root{--brand:${brand.color}}</style>` : '';
      // Text only: a script or a style keeps what it was given (the settings carry the name as JSON).
      const html = render(runtimeConfigScript(config, brand), colour)
        .split(/(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>)/)
        .map((part, i) =>
          i % 2 === 1 ? part : part.replace(/>([^<]*)</g, (text) => text.replaceAll(builtBrandName, escapeHtml(brand.name))),
        )
        .join('');
      const named = html.replace(/(<title>|content="|aria-label=")([^"<]*)/g, (attribute) =>
        attribute.replaceAll(builtBrandName, escapeHtml(brand.name)),
      );
      if (variants.size >= 1000) variants.clear();
      variant = new Page(named, pageCsp(named, connect));
      variants.set(key, variant);
    }
    return variant;
  };
  return { pages, branded };
}

/** The brand name the build renders (web/app/lib/brand.ts): the pages of every other brand replace it. */
const builtBrandName = 'Gatehouse';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Whether a request asks for JSON only (an API client): then a path with no call answers the
 * coded JSON 404. Anything else (a browser, curl's and wget's *\/*, an uptime monitor, no Accept
 * at all) gets the page.
 */
function wantsJsonOnly(accept: string | undefined): boolean {
  // Every page request passes here: a browser's Accept names no JSON, and is settled at once.
  if (!accept?.includes('json')) return false;
  const types = accept
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([type = '']) => type.trim().toLowerCase())
    .filter((type) => type !== '');
  return types.length > 0 && types.every((type) => type === 'application/json' || type.endsWith('+json'));
}

/**
 * A screen with a parameter (/redeem/{license}) is prerendered once per language with a
 * placeholder (/redeem/__license), as its first render does not show the parameter: that page
 * serves every value, complete before any script runs.
 */
function screenTemplate(pages: Map<string, Page>, screen: keyof typeof screenTable, path: string): Page | undefined {
  const pattern = screenTable[screen].path;
  if (!pattern.includes(':')) return undefined;
  const language = path.split('/')[1];
  return pages.get(localizedPath(templatePath(pattern), isLanguage(language) ? language : 'en'));
}

function languageRedirect(request: FastifyRequest, path: string): string | undefined {
  const first = path.split('/')[1];
  if (isLanguage(first) || !screenPatterns.some((pattern) => pattern.regex.test(path))) return undefined;
  const cookie = request.cookies?.[localeCookie];
  const wanted = languageOr(cookie, negotiateLanguage(request.headers['accept-language']));
  if (wanted === 'en') return undefined;
  const query = request.url.slice(stripQuery(request.url).length);
  return `${localizedPath(path, wanted)}${query}`;
}

/**
 * Serves the built web app: each prerendered page with its own CSP, the SPA fallback for
 * screens with parameters (and, with status 404, for unknown pages), hashed assets cached for
 * a year. A visitor whose language cookie (or browser) says German lands on /de/… pages.
 */
export function registerWeb(app: FastifyInstance, config: Config, brandOf: (host: string) => Promise<BrandView>): void {
  const hasWeb = existsSync(config.webRoot);
  const { pages, branded } = hasWeb ? loadPages(config.webRoot, config) : { pages: new Map<string, Page>(), branded: (page: Page) => page };
  const send = async (request: FastifyRequest, reply: FastifyReply, page: Page, status?: number) => {
    // With the database out of reach the page still goes out, as built: the app fetches the brand later.
    const brand = await brandOf(request.host).catch(() => undefined);
    const painted =
      brand && (brand.brandName !== builtBrandName || brand.primaryColor)
        ? branded(page, { name: brand.brandName, color: brand.primaryColor })
        : page;
    return sendPage(request, reply, painted, status);
  };
  const fallback = pages.get('/__spa-fallback') ?? pages.get('/');
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: config.webRoot,
      wildcard: false,
      index: false,
      // The build wrote a .br and a .gz beside each text file: sent by Accept-Encoding, with
      // Vary: Accept-Encoding; the copies themselves get no URL of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${sep}assets${sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = stripQuery(request.url);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !wantsJsonOnly(request.headers.accept);
    const rule = request.method === 'GET' || request.method === 'HEAD' ? matchRouteRule(config.routeRules, path) : undefined;
    if (rule) {
      const query = request.url.slice(path.length);
      return reply.redirect(isExternalTarget(rule.to) ? rule.to : `${rule.to}${query}`, rule.status);
    }
    if (!wantsPage || !fallback) return sendError(reply, 404, 'request.not_found', { params: { path } });
    const redirect = languageRedirect(request, path);
    if (redirect) return reply.header('vary', 'Cookie, Accept-Language').redirect(redirect, 302);
    const page = pages.get(path);
    if (page && !path.includes('/__')) return send(request, reply, page);
    const screen = screenPatterns.find((pattern) => pattern.regex.test(path));
    if (screen) return send(request, reply, screenTemplate(pages, screen.name, path) ?? fallback);
    // The prerendered 404 page in the path's language: its title and text are there before any script.
    const language = path.split('/')[1];
    const notFound = (isLanguage(language) && pages.get(`/${language}/__not-found`)) || pages.get('/__not-found') || fallback;
    return send(request, reply, notFound, 404);
  });
}

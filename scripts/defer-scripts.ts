// Prerendered pages paint first and fetch their scripts after: React Router's <Scripts> puts a
// `modulepreload` link per file in the head and a module script whose static imports start the
// app. The preloads are fetched at high priority while the page itself is still being laid out,
// so on a slow phone the first paint waits for them (Lighthouse counts every high-priority
// script that ends before the paint as blocking it). This step rewrites each built page: no
// preload in the head; the module script waits for the first contentful paint, then adds the
// same preloads (and the page's text parts, server/src/http/page-texts.ts: the server preloads
// them in the head only on a page left as React Router wrote it), imports the same files and
// starts the app as before.
// The default build (GATEHOUSE_PAINT_FIRST=0 leaves the pages alone). The page then takes input
// before the app runs, and nothing done in that gap is lost: typed text, ticked boxes and a
// chosen language are replayed when their control mounts, a sent form and a press on a button
// or a single sign-on link are held by the inlined settings script and replayed once the app
// runs (web/app/lib/early-input.ts; docs/decisions/023-web-weight-and-first-paint.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { builtPages, pageTextFiles } from '@gatehouse/server/pages';

const preloadLink = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Waits until the page has painted its first content (the browser's paint timing), or at once
 * in a hidden tab, which paints nothing. The files are then requested while the page is still
 * loading, so its `load` event waits for them, as it waited for the preloads.
 */
const afterPaint =
  'await new Promise((resolve)=>{if(document.visibilityState==="hidden"||!PerformanceObserver.supportedEntryTypes?.includes("paint"))return setTimeout(resolve);const paints=new PerformanceObserver(()=>{paints.disconnect();setTimeout(resolve)});paints.observe({type:"paint",buffered:true})});';

/**
 * The page with its script start moved after the first paint, or undefined when it has no
 * React Router start script of the expected shape (then it stays as it is).
 */
export function deferPageScripts(html: string, extraPreloads: string[] = []): string | undefined {
  const start = moduleScript.exec(html);
  if (!start) return undefined;
  const body = start[1] ?? '';
  const sideEffects = [...body.matchAll(/^import "([^"]+)";$/gm)].map((m) => m[1] ?? '');
  const routes = [...body.matchAll(/^import \* as (\w+) from "([^"]+)";$/gm)].map((m) => ({ name: m[1] ?? '', url: m[2] ?? '' }));
  const modules = /window\.__reactRouterRouteModules = (\{[^;]*\});/.exec(body)?.[1];
  const entry = /^import\("([^"]+)"\);$/m.exec(body)?.[1];
  // Anything else in the script would be lost: leave such a page alone.
  const known = body
    .replace(/^import "[^"]+";$/gm, '')
    .replace(/^import \* as \w+ from "[^"]+";$/gm, '')
    .replace(/window\.__reactRouterRouteModules = \{[^;]*\};/, '')
    .replace(/^import\("[^"]+"\);$/m, '')
    .trim();
  if (!modules || !entry || known !== '') return undefined;
  const pageFiles = [...html.matchAll(preloadLink)].map((m) => m[1] ?? '');
  const preloads = [...pageFiles, ...extraPreloads];
  // React Router lists the files in the order their dependencies come (the runtime and the
  // framework before the app's code and the screens); the entry starts the app, so it waits.
  const evaluationOrder = pageFiles.filter((url) => url !== entry);
  const script = [
    afterPaint,
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);}`,
    // One file evaluated per task, the framework before what imports it: a module graph imported
    // at once is evaluated in a single task, which on a slow phone blocks the page for hundreds
    // of milliseconds. The entry comes last, on its own, below.
    `for(const url of ${JSON.stringify(evaluationOrder)}){await import(url);await new Promise((resolve)=>setTimeout(resolve));}`,
    // The files the original imported statically, in the same order (all evaluated by now), then the app's entry.
    `const [${[...sideEffects.map(() => ''), ...routes.map((r) => r.name)].join(',')}]=await Promise.all(${JSON.stringify([...sideEffects, ...routes.map((r) => r.url)])}.map((url)=>import(url)));`,
    `window.__reactRouterRouteModules=${modules};`,
    `import(${JSON.stringify(entry)});`,
  ].join('');
  return html.replace(preloadLink, '').replace(start[0], () => `<script type="module" async="">${script}</script>`);
}

/** Rewrites every prerendered page of a built app; returns how many changed. */
export function deferFolderScripts(root: string): number {
  let changed = 0;
  const textsOf = pageTextFiles(root);
  for (const { path, file } of builtPages(root)) {
    const html = deferPageScripts(readFileSync(file, 'utf8'), textsOf(path));
    if (html) {
      writeFileSync(file, html);
      changed += 1;
    }
  }
  return changed;
}

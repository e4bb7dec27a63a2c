// Prerendered pages paint first and fetch their scripts after: React Router's <Scripts> puts a
// `modulepreload` link per file in the head and a module script whose static imports start the
// app. The preloads are fetched at high priority while the page itself is still being laid out,
// so on a slow phone the first paint waits for them (Lighthouse counts every high-priority
// script that ends before the paint as blocking it). This step rewrites each built page: no
// preload in the head; the module script waits for the `load` event and the next frame, then
// adds the same preloads (and those of the page's language, which the server names in
// `<meta name="gatehouse:preload">`), imports the same files and starts the app as before.
// See docs/decisions/023-paint-before-scripts.md.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const preloadLink = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** Waits until the page has painted: after `load`, one frame (or at once in a hidden tab, which paints nothing). */
const afterPaint =
  'await new Promise((resolve)=>{const go=()=>document.visibilityState==="hidden"?setTimeout(resolve):requestAnimationFrame(()=>setTimeout(resolve));document.readyState==="complete"?go():addEventListener("load",go,{once:true})});';

/**
 * The page with its script start moved after the first paint, or undefined when it has no
 * React Router start script of the expected shape (then it stays as it is).
 */
export function deferPageScripts(html: string): string | undefined {
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
  const preloads = [...html.matchAll(preloadLink)].map((m) => m[1] ?? '');
  const script = [
    afterPaint,
    `for(const href of ${JSON.stringify(preloads)}.concat(document.querySelector('meta[name="gatehouse:preload"]')?.content.split(" ").filter(Boolean)??[])){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link);}`,
    // The files the original imported statically, in the same order, then the app's entry.
    `const [${[...sideEffects.map(() => ''), ...routes.map((r) => r.name)].join(',')}]=await Promise.all(${JSON.stringify([...sideEffects, ...routes.map((r) => r.url)])}.map((url)=>import(url)));`,
    `window.__reactRouterRouteModules=${modules};`,
    `import(${JSON.stringify(entry)});`,
  ].join('');
  return html.replace(preloadLink, '').replace(start[0], () => `<script type="module" async="">${script}</script>`);
}

/** Rewrites every prerendered page of a built app; returns how many changed. */
export function deferFolderScripts(root: string): number {
  let changed = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const html = deferPageScripts(readFileSync(full, 'utf8'));
        if (html) {
          writeFileSync(full, html);
          changed += 1;
        }
      }
    }
  };
  walk(root);
  return changed;
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deferPageScripts } from '../../../scripts/defer-scripts.ts';

// The shape React Router's <Scripts> gives a prerendered page.
const page = [
  '<html><head><title>Sign in</title>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js"/><link rel="modulepreload" href="/assets/login-4.js"/>',
  '</head><body><main>Sign in</main><script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-5.js";\nimport * as route1 from "/assets/login-4.js";\n  \n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/login":route1};\n\nimport("/assets/entry.client-2.js");</script></body></html>',
].join('');

describe('pages fetch their scripts after the first paint', () => {
  it('moves the preloads and imports of the start script behind the first paint', () => {
    const html = deferPageScripts(page);
    assert.ok(html);
    assert.doesNotMatch(html, /<link rel="modulepreload"/, 'nothing is fetched while the page is laid out');
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    assert.match(script, /observe\(\{type:"paint",buffered:true\}\)/);
    // Then the same files as before: every preload, the side-effect import first, the routes, the entry.
    for (const file of ['manifest-1', 'entry.client-2', 'framework-3', 'login-4']) assert.ok(script.includes(`/assets/${file}.js`), file);
    // Evaluated one file per task, in the order of the preloads, the entry left for last.
    assert.ok(
      script.includes(
        'for(const url of ["/assets/manifest-1.js","/assets/framework-3.js","/assets/login-4.js"]){await import(url);await new Promise((resolve)=>setTimeout(resolve));}',
      ),
    );
    assert.match(
      script,
      /const \[,route0,route1\]=await Promise\.all\(\["\/assets\/manifest-1\.js","\/assets\/root-5\.js","\/assets\/login-4\.js"\]/,
    );
    assert.match(
      script,
      /window\.__reactRouterRouteModules=\{"root":route0,"routes\/login":route1\};import\("\/assets\/entry\.client-2\.js"\);$/,
    );
    // The other inline scripts stay as they were.
    assert.ok(html.includes('<script>window.__reactRouterContext = {};</script>'));
  });

  it('preloads the texts of the page’s language after the first paint too', () => {
    const html = deferPageScripts(page, ['/assets/ja-6.js', '/assets/ja-7.js']) ?? '';
    assert.doesNotMatch(html, /<link rel="modulepreload"/);
    assert.match(html, /for\(const href of \[[^\]]*"\/assets\/login-4\.js","\/assets\/ja-6\.js","\/assets\/ja-7\.js"\]\)/);
    // Preloaded only: the app loads them itself, before it hydrates.
    assert.doesNotMatch(html, /import\("\/assets\/ja-6\.js"\)|"\/assets\/ja-6\.js"\]\)\{await import/);
  });

  it('leaves a page alone whose start script has anything it does not know', () => {
    assert.equal(
      deferPageScripts(page.replace('import("/assets/entry.client-2.js");', 'import("/assets/entry.client-2.js");\nconsole.log(1);')),
      undefined,
    );
    assert.equal(deferPageScripts('<html><body>no scripts</body></html>'), undefined);
  });
});

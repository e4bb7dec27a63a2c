import { type PanelCredentials, panelBasePath } from '@gatehouse/contract';

/** The panel's own session: which panel user is signed in to the panel (what the plugin's userId is). */
export const userCookie = 'refpanel_user';

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = `
  body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1f2937;background:#eef1f5}
  header{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 1.5rem;background:#0e2a47;color:#fff}
  header strong{font-size:1.05rem} header span{opacity:.85}
  main{max-width:56rem;margin:2rem auto;padding:0 1.5rem}
  .tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:1rem;margin:1rem 0 2rem}
  .tile{display:block;padding:1rem 1.25rem;background:#fff;border:1px solid #d5dbe3;border-radius:8px;color:#0e2a47;text-decoration:none}
  .tile:hover{border-color:#1d4ed8} .tile b{display:block;color:#1d4ed8}
  form{display:flex;gap:.5rem;align-items:end;flex-wrap:wrap}
  label{display:grid;gap:.25rem;font-weight:600} input{font:inherit;padding:.4rem .6rem;border:1px solid #94a3b8;border-radius:6px}
  button{font:inherit;padding:.45rem .9rem;border:0;border-radius:6px;background:#0e2a47;color:#fff}
  code{background:#e2e8f0;padding:.1rem .3rem;border-radius:4px}
  iframe{display:block;width:100%;height:calc(100vh - 3.5rem);border:0;background:#fff}
`;

function shell(title: string, user: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title><style>${style}</style></head><body>
<header><strong>Reference panel</strong><span>Panel user: <b id="panel-user">${html(user)}</b></span></header>${body}</body></html>`;
}

/** The panel's start page: its plugins, and who is signed in to the panel. */
export function homePage(user: string): string {
  return shell(
    'Reference panel',
    user,
    `<main><h1>Hosting panel</h1>
<p>This page plays a hosting control panel. Its monitoring plugin opens the Gatehouse web app from
<code>${panelBasePath}</code> on this origin; the app calls the Gatehouse API on its own origin.</p>
<div class="tiles">
  <a class="tile" href="${panelBasePath}signup"><b>Monitoring</b>Sign up from the panel</a>
  <a class="tile" href="${panelBasePath}login"><b>Monitoring</b>Sign in from the panel</a>
  <a class="tile" href="/embedded"><b>Monitoring (framed)</b>The plugin inside the panel page</a>
</div>
<h2>Panel user</h2>
<form method="post" action="/switch-user"><label>User id in this panel<input name="user" value="${html(user)}" autocomplete="off"></label>
<button>Switch user</button></form>
<p id="marker">Sign-in marker (<code>whm-signin</code>): <span id="marker-value">not set</span></p>
<script>
  const value = localStorage.getItem('whm-signin');
  if (value) document.getElementById('marker-value').textContent = value;
</script></main>`,
  );
}

/**
 * The plugin inside the panel's page: the app in a frame, given the credentials by postMessage
 * once it says it is ready, and only to the frame's own origin.
 */
export function embeddedPage(credentials: PanelCredentials, json: (value: unknown) => string): string {
  return shell(
    'Monitoring · Reference panel',
    credentials.userId,
    `<iframe id="app" title="Monitoring" src="${panelBasePath}signup"></iframe>
<script>
  const frame = document.getElementById('app');
  const credentials = ${json(credentials)};
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
    if (event.data && event.data.type === 'gatehouse:ready') {
      frame.contentWindow.postMessage({ type: 'gatehouse:panel-credentials', ...credentials }, location.origin);
    }
  });
</script>`,
  );
}

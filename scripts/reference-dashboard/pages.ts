// The reference dashboard's pages: plain HTML, nothing but what an operator's app would show of
// the person Gatehouse signed in.

/** The claims of the `gatehouse` scope, as the ID token carries them (decision 033). */
export interface DashboardClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  team_id?: string | null;
  /** The team's name, or its owner's name for a team without one (decision 040). */
  team_name?: string | null;
  team_role?: string | null;
  plan?: string | null;
  license_status?: string;
  license_source?: string | null;
  limits?: Record<string, unknown> | null;
  sid?: string;
}

export interface SignedIn {
  claims: DashboardClaims;
  /** When the claims were read: at sign-in, then at each refresh. */
  readAt: Date;
  refreshed: boolean;
}

const html = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = `
  *{box-sizing:border-box}
  body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1f2937;background:#f3f5f8}
  header{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.8rem 1.5rem;background:#12324f;color:#fff}
  header strong{font-size:1.05rem}
  main{max-width:44rem;margin:2rem auto;padding:0 1.25rem}
  h1{font-size:1.6rem;margin:0 0 .25rem} h2{font-size:1.1rem;margin:1.75rem 0 .5rem}
  .card{background:#fff;border:1px solid #d7dde5;border-radius:10px;padding:1.25rem 1.5rem}
  dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1.25rem;margin:0}
  dt{color:#4b5563} dd{margin:0;font-weight:600;overflow-wrap:anywhere}
  table{border-collapse:collapse;width:100%} th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb}
  th{color:#4b5563;font-weight:500}
  .actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem} form{margin:0}
  .button{display:inline-block;font:inherit;font-weight:600;padding:.55rem 1.1rem;border-radius:8px;border:1px solid #12324f;background:#12324f;color:#fff;text-decoration:none;cursor:pointer}
  .button.secondary{background:#fff;color:#12324f}
  .note{color:#4b5563} .notice{background:#e8f1fb;border:1px solid #b6d0ee;border-radius:8px;padding:.6rem .9rem;margin-bottom:1rem}
  .error{background:#fdecec;border-color:#f3b4b4}
  code{background:#e9edf2;padding:.1rem .3rem;border-radius:4px}
`;

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title><style>${style}</style></head><body>
<header><strong>Monitoring dashboard</strong><span>reference app</span></header><main>${body}</main></body></html>`;
}

const notice = (text: string | undefined, kind = '') =>
  text ? `<p class="notice ${kind}" role="${kind ? 'alert' : 'status'}">${html(text)}</p>` : '';

/** Signed out: one way in, through Gatehouse. */
export function signedOutPage(message?: { text: string; error?: boolean }): string {
  return shell(
    'Monitoring dashboard',
    `${notice(message?.text, message?.error ? 'error' : '')}<h1>Monitoring dashboard</h1>
<p class="note">This reference app signs people in with Gatehouse as its OpenID provider.</p>
<div class="actions"><a class="button" href="/login">Sign in with Gatehouse</a></div>`,
  );
}

const orDash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : html(value));

/** Signed in: who, in which team, on which plan and with which limits, as the ID token says. */
export function signedInPage(session: SignedIn, message?: string): string {
  const c = session.claims;
  const name = [c.given_name, c.family_name].filter(Boolean).join(' ');
  const limits = c.limits
    ? `<table><thead><tr><th scope="col">Limit</th><th scope="col">Value</th></tr></thead><tbody>${Object.entries(c.limits)
        .map(([key, value]) => `<tr><td>${html(key)}</td><td>${html(typeof value === 'object' ? JSON.stringify(value) : value)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="note">No plan, so no limits.</p>';
  return shell(
    'Monitoring dashboard',
    `${notice(message)}<h1>Welcome${name ? `, ${html(name)}` : ''}</h1>
<p class="note">Signed in with Gatehouse. Claims read ${session.refreshed ? 'at the last refresh' : 'at sign-in'}: <time datetime="${session.readAt.toISOString()}">${html(session.readAt.toISOString().slice(0, 19).replace('T', ' '))} UTC</time>.</p>
<h2>Account</h2>
<div class="card"><dl>
<dt>Name</dt><dd>${orDash(name)}</dd>
<dt>E-mail</dt><dd id="email">${orDash(c.email)}</dd>
<dt>Team</dt><dd id="team">${orDash(c.team_name ?? c.team_id)}</dd>
<dt>Role</dt><dd id="team-role">${orDash(c.team_role)}</dd>
<dt>Plan</dt><dd id="plan">${orDash(c.plan)}</dd>
<dt>License</dt><dd id="license">${orDash(c.license_status)}${c.license_source ? ` (${html(c.license_source === 'team' ? "the team's" : 'own')})` : ''}</dd>
</dl></div>
<h2>Limits</h2>
<div class="card">${limits}</div>
<div class="actions">
<form method="post" action="/refresh"><button class="button">Refresh</button></form>
<form method="post" action="/logout"><button class="button secondary">Sign out</button></form>
</div>`,
  );
}

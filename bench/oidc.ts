// The OpenID provider's hot paths against the bare library, side by side in one run:
// - userinfo (Bearer access token), the refresh_token grant, discovery and JWKS, each on
//   Gatehouse (production mode, SQLite, its records sealed at rest) and on the bare oidc-provider
//   of the same version with the same client settings, token formats, TTLs, PKCE rule and
//   claims, its records in memory (support/bare-oidc.ts);
// - GET /session idle and while sign-ins run, and sign-in against a raw argon2id verify (session.ts).
// Each pair runs in interleaved halves (A, B, A, B), so a change in the machine's load lands on
// both sides. 16 keep-alive connections, loopback, each server in a process of its own.
//
// Token requests are rate limited per IP and per client (decision 033): each request comes from
// an address of its own (TRUST_PROXY=127.0.0.1), and the load turns over several clients
// registered alike, so the limits are paid for on every request without refusing the run. The
// bare side gets the same clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import * as oidc from 'openid-client';
import { runAdmin } from '../server/test/support/admin-cli.ts';
import { TestClient } from '../server/test/support/http-client.ts';
import { loadConfig } from '../server/test/support/index.ts';
import { codeFlow } from '../server/test/support/oidc-app.ts';
import { connections, type Gatehouse, setUpAccount, startGatehouse } from './api.ts';
import { combine, interleaved, printSession, type SessionFigures, sessionFigures } from './session.ts';
import { type Child, startChild } from './support/processes.ts';

/** Enough clients that the per-client token limit (3,000 a minute each) does not refuse the run. */
const clientCount = Number(process.env.BENCH_CLIENTS ?? 12);
const redirectUri = 'http://127.0.0.1:9/callback';

interface Side {
  base: string;
  userinfo: string;
  token: string;
  discovery: string;
  jwks: string;
  tokens: { clientId: string; clientSecret: string; refreshToken: string; accessToken: string }[];
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${100 + ((ipCounter >> 16) & 127)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

type Endpoint = 'userinfo' | 'refresh_token grant' | 'discovery' | 'JWKS';
const endpoints: Endpoint[] = ['userinfo', 'refresh_token grant', 'discovery', 'JWKS'];

function load(side: Side, endpoint: Endpoint, seconds: number): Promise<Result> {
  let turn = 0;
  const next = () => {
    turn += 1;
    return side.tokens[turn % side.tokens.length] ?? side.tokens[0];
  };
  if (endpoint === 'discovery') return autocannon({ url: side.discovery, connections, duration: seconds });
  if (endpoint === 'JWKS') return autocannon({ url: side.jwks, connections, duration: seconds });
  if (endpoint === 'userinfo') {
    return autocannon({
      url: side.userinfo,
      connections,
      duration: seconds,
      requests: [
        { setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${next()?.accessToken}` } }) },
      ],
    });
  }
  return autocannon({
    url: side.token,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const token = next();
          const basic = Buffer.from(`${encodeURIComponent(token?.clientId ?? '')}:${encodeURIComponent(token?.clientSecret ?? '')}`);
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/x-www-form-urlencoded',
              authorization: `Basic ${basic.toString('base64')}`,
              'x-forwarded-for': nextIp(),
            },
            body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token?.refreshToken ?? '' }).toString(),
          };
        },
      },
    ],
  });
}

export async function gatehouseSide(gatehouse: Gatehouse, cookie: string, databaseUrl: string): Promise<{ side: Side; claims: object }> {
  // Two at a time: each is a Node process starting, and the machine may be busy.
  const created: { clientId: string; clientSecret: string }[] = [];
  const register = async () => {
    while (created.length < clientCount) {
      const i = created.length;
      created.push({ clientId: '', clientSecret: '' });
      const answer = await runAdmin(
        ['client', 'create', '--name', `Bench dashboard ${i}`, '--redirect-uri', redirectUri, '--json'],
        databaseUrl,
      );
      if (answer.code !== 0) throw new Error(`client create: ${answer.stderr}`);
      created[i] = JSON.parse(answer.stdout) as { clientId: string; clientSecret: string };
    }
  };
  await Promise.all([register(), register()]);
  const browser = new TestClient(gatehouse.url);
  const [name = '', value = ''] = cookie.split('=');
  browser.cookies.set(name, value);
  const tokens: Side['tokens'] = [];
  let metadata: oidc.ServerMetadata | undefined;
  for (const client of created) {
    const config = await oidc.discovery(
      new URL(gatehouse.url),
      client.clientId,
      client.clientSecret,
      oidc.ClientSecretBasic(client.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    );
    metadata = config.serverMetadata();
    const flow = await codeFlow(config, browser, redirectUri);
    tokens.push({ ...client, refreshToken: flow.tokens.refresh_token ?? '', accessToken: flow.tokens.access_token });
  }
  if (!metadata?.userinfo_endpoint || !metadata.jwks_uri) throw new Error('no userinfo or JWKS in the discovery document');
  const side: Side = {
    base: gatehouse.url,
    userinfo: metadata.userinfo_endpoint,
    token: metadata.token_endpoint ?? '',
    discovery: `${gatehouse.url}/.well-known/openid-configuration`,
    jwks: metadata.jwks_uri,
    tokens,
  };
  const info = await fetch(side.userinfo, { headers: { authorization: `Bearer ${tokens[0]?.accessToken}` } });
  if (info.status !== 200) throw new Error(`userinfo answered ${info.status}`);
  return { side, claims: (await info.json()) as object };
}

async function bareSide(tokens: Side['tokens'], claims: object): Promise<{ child: Child; side: Side }> {
  const child = await startChild(
    ['bench/support/bare-oidc.ts'],
    {
      BARE_CLIENTS: JSON.stringify(tokens.map(({ clientId, clientSecret }) => ({ clientId, clientSecret, redirectUri }))),
      BARE_CLAIMS: JSON.stringify(claims),
      BARE_SESSION_SECONDS: String(Math.floor(loadConfig({}).session.absoluteMs / 1000)),
    },
    '/.well-known/openid-configuration',
  );
  const minted = (await (await fetch(`${child.url}/bench/mint`, { method: 'POST' })).json()) as {
    clientId: string;
    refreshToken: string;
    accessToken: string;
  }[];
  // Its routes as its own discovery names them: the provider options are Gatehouse's.
  const discovery = `${child.url}/.well-known/openid-configuration`;
  const metadata = (await (await fetch(discovery)).json()) as { userinfo_endpoint: string; token_endpoint: string; jwks_uri: string };
  const side: Side = {
    base: child.url,
    userinfo: metadata.userinfo_endpoint,
    token: metadata.token_endpoint,
    discovery,
    jwks: metadata.jwks_uri,
    tokens: minted.map((token, i) => ({ ...token, clientSecret: tokens[i]?.clientSecret ?? '' })),
  };
  // A side that cannot answer would print a ratio of nothing: stop instead.
  const info = await fetch(side.userinfo, { headers: { authorization: `Bearer ${side.tokens[0]?.accessToken}` } });
  if (info.status !== 200) throw new Error(`the bare provider's userinfo answered ${info.status}`);
  return { child, side };
}

export interface OidcFigures {
  rows: { name: string; gatehouse: number; bare: number; ratio: number; target: number; failed: number; bareFailed: number }[];
  session: SessionFigures;
}

export async function oidcBench(options: { seconds: number }): Promise<OidcFigures> {
  const { seconds } = options;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
  const databaseUrl = `file:${join(dir, 'bench.db')}`;
  let gatehouse: Gatehouse | undefined;
  let bare: Child | undefined;
  try {
    gatehouse = await startGatehouse(dir);
    const cookie = await setUpAccount(gatehouse);
    const ours = await gatehouseSide(gatehouse, cookie, databaseUrl);
    const theirs = await bareSide(ours.side.tokens, ours.claims);
    bare = theirs.child;
    // Warm-up, and every endpoint answers 2xx on both sides before anything is measured.
    for (const [side, name] of [
      [ours.side, 'Gatehouse'],
      [theirs.side, 'bare library'],
    ] as const) {
      for (const endpoint of endpoints) {
        const warm = await load(side, endpoint, 2);
        if (warm.non2xx > 0) throw new Error(`${name} ${endpoint}: ${warm.non2xx} of the warm-up answers not 2xx`);
      }
    }
    for (const side of [ours.side, theirs.side]) {
      const info = await fetch(side.userinfo, { headers: { authorization: `Bearer ${side.tokens[1]?.accessToken}` } });
      if (info.status !== 200) throw new Error(`${side.base} userinfo after the warm-up: ${info.status} ${await info.text()}`);
    }
    const targets: Record<Endpoint, number> = { userinfo: 0.5, 'refresh_token grant': 0.5, discovery: 0.8, JWKS: 0.8 };
    const rows: OidcFigures['rows'] = [];
    for (const endpoint of endpoints) {
      const halves = await interleaved(
        (s) => load(theirs.side, endpoint, s),
        (s) => load(ours.side, endpoint, s),
        seconds,
      );
      const a = combine(halves.a);
      const b = combine(halves.b);
      rows.push({
        name: endpoint,
        gatehouse: b.perSecond,
        bare: a.perSecond,
        ratio: b.perSecond / a.perSecond,
        target: targets[endpoint],
        failed: b.failed,
        bareFailed: a.failed,
      });
    }
    await bare.stop();
    bare = undefined;

    return { rows, session: await sessionFigures(gatehouse, cookie, seconds) };
  } finally {
    await bare?.stop();
    await gatehouse?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printOidc(figures: OidcFigures, seconds: number): void {
  console.log(
    `\nOpenID provider against the bare oidc-provider, ${seconds} s a side in interleaved halves, ${connections} connections, ${availableParallelism()} cores, SQLite, Node ${process.version}`,
  );
  console.log(`  ${'endpoint'.padEnd(22)} ${'Gatehouse'.padStart(10)} ${'bare'.padStart(10)}  ratio (target)`);
  for (const row of figures.rows) {
    const failed = row.failed + row.bareFailed > 0 ? `  failed: Gatehouse ${row.failed}, bare ${row.bareFailed}` : '';
    console.log(
      `  ${row.name.padEnd(22)} ${row.gatehouse.toFixed(0).padStart(10)} ${row.bare.toFixed(0).padStart(10)}  ${row.ratio.toFixed(2)} (≥ ${row.target})${failed}`,
    );
  }
  printSession(figures.session, seconds);
}

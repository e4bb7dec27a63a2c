// The browser suite is one client at 127.0.0.1 to the e2e server, for many minutes and many tests
// at once; a real deployment's per-IP limits (mail, hashing, lookups, code tries, single sign-on
// callbacks, token calls) would count all of it as one visitor, and a late test would be refused
// for what earlier ones spent. So every test is its own visitor: support/test.ts gives each test's
// browser contexts a cookie naming the test, and the e2e server (only it) keys every per-IP limit
// by that name as well as by the address. Within a test the limits apply as to one person; the
// server tests prove the limits themselves (rate-limits.test.ts, abuse-limits.test.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App, Limits } from '../../../server/test/support/index.ts';

/** The cookie that names the test a request comes from; the server under test never sees it. */
export const visitorCookie = 'e2e_visitor';

const visitors = new AsyncLocalStorage<string>();

/**
 * Takes the visitor's cookie out of the request (what the server reads is what a browser would
 * send) and answers its value, if any.
 */
function takeVisitor(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  let visitor: string | undefined;
  const others = header.split(';').filter((pair) => {
    const [name, value] = pair.trim().split('=');
    if (name !== visitorCookie) return true;
    visitor = value;
    return false;
  });
  if (visitor === undefined) return undefined;
  if (others.length) request.headers.cookie = others.join(';').trim();
  else delete request.headers.cookie;
  return visitor;
}

/**
 * Makes each test its own visitor to this app: the request is handled inside its test's name
 * (Fastify carries the async context through body parsing to the route), and every limit that
 * counts an IP counts "test + IP". Requests without the cookie (the servers' own calls, the
 * `request` fixture) count by their address alone.
 */
export function oneVisitorPerTest({ app, deps }: App): void {
  const [handler, ...more] = app.server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (!handler || more.length) throw new Error(`expected Fastify's one request listener, found ${more.length + (handler ? 1 : 0)}`);
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const visitor = takeVisitor(request);
    if (visitor === undefined) handler(request, response);
    else visitors.run(visitor, () => handler(request, response));
  });

  const whole = { ...deps.limits };
  const own = (ip: string) => {
    const visitor = visitors.getStore();
    return visitor === undefined ? ip : `${visitor} ${ip}`;
  };
  // Every limit is named, so that a new one is a choice here, not forgotten.
  const perVisitor: Limits = {
    mailSend: (purpose, email, ip) => whole.mailSend(purpose, email, own(ip)),
    hashing: (ip) => whole.hashing(own(ip)),
    signinAllowed: (email, ip) => whole.signinAllowed(email, own(ip)),
    signinFailed: (email, ip) => whole.signinFailed(email, own(ip)),
    signinSucceeded: (email, ip) => whole.signinSucceeded(email, own(ip)),
    lookup: (ip) => whole.lookup(own(ip)),
    codeTry: (email, ip) => whole.codeTry(email, own(ip)),
    ssoCallback: (ip) => whole.ssoCallback(own(ip)),
    tokenRequest: (ip, clientId) => whole.tokenRequest(own(ip), clientId),
    // Per address or per account, whoever asks: as they are.
    accountPaused: whole.accountPaused,
    accountFailed: whole.accountFailed,
    accountCleared: whole.accountCleared,
    accountRun: whole.accountRun,
    invitationSend: whole.invitationSend,
  };
  Object.assign(deps.limits, perVisitor);
}

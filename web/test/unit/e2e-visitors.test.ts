// The browser suite's e2e server counts each test as its own visitor (support/visitors.ts): a
// test meets a per-IP limit only for what it spent itself. Proven on a real server, through a
// POST with a body, where the request's context must survive the body's parsing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api } from '@gatehouse/contract';
import { buildApp, loadConfig } from '../../../server/test/support/index.ts';
import { oneVisitorPerTest, visitorCookie } from '../support/visitors.ts';

describe('one visitor per browser test', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-visitors-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url = '';

  before(async () => {
    app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: `file:${join(dir, 'visitors.db')}`,
        LOG_LEVEL: 'silent',
        WEB_ROOT: join(dir, 'no-web-build'),
      }),
    );
    oneVisitorPerTest(app);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // A lookup (limited per IP): a reset link checked, unknown to the server.
  const lookup = (cookie?: string) =>
    fetch(`${url}${api.passwordResetCheck}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ token: 'not-a-live-reset-link' }),
    }).then((response) => response.status);

  it('refuses a test what it spent itself, and nobody else', async () => {
    // The server's 60 lookups a minute from one address (server/src/lib/limits.ts).
    for (let call = 0; call < 60; call += 1) {
      assert.equal(await lookup(`${visitorCookie}=early-test`), 400);
    }
    assert.equal(await lookup(`${visitorCookie}=early-test`), 429);
    assert.equal(await lookup(`${visitorCookie}=late-test`), 400);
    assert.equal(await lookup(`theme=dark; ${visitorCookie}=late-test`), 400);
    assert.equal(await lookup(), 400);
  });
});

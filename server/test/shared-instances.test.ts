import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, requireSharedSecretKey } from '../src/config.ts';
import { runAdmin } from './support/admin-cli.ts';
import { dialects, freshDatabase } from './support/databases.ts';
import { startTestApp } from './support/test-app.ts';

// Decision 019: what an operator running several instances on one PostgreSQL database or one
// Redis must not get wrong. A key made by one instance is unknown to the others (their codes
// would not check, their outbox could not open each other's mail), so a shared store in
// production requires SECRET_KEY; limits kept in memory are said out loud at start.

const postgresReachable = (await dialects('persistence')).includes('postgres');
const root = fileURLToPath(new URL('../../', import.meta.url));
const key = 'the-same-key-on-every-instance-0123456789';

function refusal(env: Record<string, string>): string | undefined {
  try {
    requireSharedSecretKey(loadConfig(env));
    return undefined;
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.message;
  }
}

describe('several instances sharing a store', () => {
  it('refuses to start in production on PostgreSQL or with Redis without SECRET_KEY, and says why', () => {
    const postgres = { NODE_ENV: 'production', DATABASE_URL: 'postgres://gatehouse@db.internal/gatehouse' };
    const redis = { NODE_ENV: 'production', DATABASE_URL: 'file:./data/gatehouse.db', REDIS_URL: 'redis://cache.internal:6379' };
    assert.match(refusal(postgres) ?? '', /SECRET_KEY: required when DATABASE_URL is a PostgreSQL database .*same key.*every instance/);
    assert.match(refusal(redis) ?? '', /SECRET_KEY: required when REDIS_URL is set/);
    assert.match(refusal({ ...postgres, SECRET_KEY: 'too short' }) ?? '', /SECRET_KEY: at least 32 characters/);
    assert.equal(refusal({ ...postgres, SECRET_KEY: key }), undefined);
    assert.equal(refusal({ ...redis, SECRET_KEY: key }), undefined);
    assert.equal(loadConfig({ ...postgres, SECRET_KEY: key }).secretKey, key);
    // One instance on its own SQLite file may keep a key it made; development and tests too.
    assert.equal(refusal({ NODE_ENV: 'production', DATABASE_URL: 'file:./data/gatehouse.db' }), undefined);
    assert.equal(refusal({ ...postgres, NODE_ENV: 'development' }), undefined);
  });

  it('stops the server with that message and exit code 2', async () => {
    const { NODE_TEST_CONTEXT: _, SECRET_KEY: __, ...env } = process.env;
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          args,
          // A deadline for a hang only: starting Node takes seconds on a busy machine.
          {
            cwd: root,
            env: { ...env, NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'silent' },
            timeout: 120_000,
          },
          (_e, _o, stderr) => resolve({ code: child.exitCode, stderr }),
        );
      });
    const server = await run(['server/src/main.ts']);
    assert.equal(server.code, 2, server.stderr);
    assert.match(server.stderr, /SECRET_KEY: required when DATABASE_URL is a PostgreSQL database/);
  });

  it('says at start that limits are counted per instance on PostgreSQL without Redis', {
    skip: !postgresReachable && 'PostgreSQL not reachable',
  }, async () => {
    const lines: string[] = [];
    const t = await startTestApp({
      dialect: 'postgres',
      env: { LOG_LEVEL: 'warn' },
      appOptions: { logStream: { write: (line: string) => void lines.push(line) } },
    });
    await t.stop();
    const warning = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.msg.startsWith('REDIS_URL'));
    assert.equal(warning?.level, 40, lines.join('\n'));
    assert.match(warning?.msg ?? '', /per-account cap on failed sign-ins are counted by each instance alone/);
  });
});

for (const dialect of await dialects('persistence')) {
  describe(`several instances on one database: one key (${dialect})`, () => {
    it('refuses to start an instance with another SECRET_KEY, saying so; starts again after the key is forgotten on purpose', async () => {
      const database = await freshDatabase(dialect);
      const other = 'another-key-on-a-second-instance-9876543210';
      const start = (secret: string) => startTestApp({ databaseUrl: database.url, env: { SECRET_KEY: secret } });
      try {
        const first = await start(key);
        // A mail sealed by the first instance: the one the second could never open.
        await first.client().post('/user/signup', { email: 'keys@example.com', dataProcessingConsent: true });
        await first.smtp.waitFor('keys@example.com');
        const second = await start(key);
        await second.stop();
        await assert.rejects(start(other), (error: unknown) => {
          assert.ok(error instanceof ConfigError, String(error));
          assert.match(error.message, /SECRET_KEY: not the key this database was first used with/);
          assert.match(error.message, /secret-key forget/);
          return true;
        });
        const stored = await first.deps.db.selectFrom('server_keys').selectAll().execute();
        assert.equal(stored.length, 1);
        assert.ok(!JSON.stringify(stored).includes(key), 'only a fingerprint is kept, never the key');
        await first.stop();

        const forgotten = await runAdmin(['secret-key', 'forget'], database.url);
        assert.equal(forgotten.code, 0, forgotten.stderr);
        assert.match(forgotten.stdout, /Forgot the recorded SECRET_KEY fingerprint/);
        const rotated = await start(other);
        await rotated.stop();
        await assert.rejects(start(key), ConfigError, 'the new key is now the one recorded');
      } finally {
        await database.drop();
      }
    });
  });
}

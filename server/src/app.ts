import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDatabase, type Db, migrate } from './db/database.ts';
import { checkSharedKey } from './db/key-check.ts';
import type { Deps } from './deps.ts';
import { profileRoutes } from './features/accounts/profile.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { SessionSweeper } from './features/auth/session-sweep.ts';
import { brandRoutes } from './features/brands/brand.routes.ts';
import { getBrand } from './features/brands/brand.service.ts';
import { consolePrefix } from './features/console/console.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { licenseRoutes } from './features/licenses/license.routes.ts';
import { oidcRoutes } from './features/oidc/oidc.routes.ts';
import { LogoutWorker } from './features/oidc/oidc-logout-worker.ts';
import { OidcProviders } from './features/oidc/oidc-providers.ts';
import { createOidcVault } from './features/oidc/oidc-vault.ts';
import { isActivePanelOrigin } from './features/panels/panel.repository.ts';
import { passkeyRoutes } from './features/passkeys/passkey.routes.ts';
import { passwordResetRoutes } from './features/passwords/password-reset.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { otpSignupRoutes } from './features/signup/otp-signup.routes.ts';
import { signupRoutes } from './features/signup/signup.routes.ts';
import { SsoProviders } from './features/sso/sso.providers.ts';
import { ssoRoutes } from './features/sso/sso.routes.ts';
import { teamRoutes } from './features/teams/team.routes.ts';
import { twoFactorRoutes } from './features/two-factor/two-factor.routes.ts';
import { WebhookWorker } from './features/webhooks/webhook-worker.ts';
import { adminPrefix, buildAdminApp } from './http/admin-app.ts';
import { bodyLimits, registerBodyLimits, registerJsonParser } from './http/body-limits.ts';
import { registerErrorHandler, sendError } from './http/error-handler.ts';
import { logPath } from './http/log-path.ts';
import { registerRequestLog } from './http/request-log.ts';
import { runtimeConfigRoutes } from './http/runtime-config.ts';
import { registerSecurity } from './http/security.ts';
import { serializerCompiler } from './http/serializer.ts';
import { serverOptions } from './http/server-options.ts';
import { sessionGuard } from './http/session.ts';
import { registerWeb } from './http/web.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { randomToken } from './lib/crypto.ts';
import { createLimits } from './lib/limits.ts';
import { createPasswordHasher } from './lib/password-hasher.ts';
import { createRedis, redisConnected } from './lib/redis.ts';
import { createSecrets, resolveSecretKey } from './lib/secrets.ts';
import { mailboxRoutes } from './mail/mailbox.routes.ts';
import { createMailSender, OutboxWorker } from './mail/worker.ts';

export interface AppOptions {
  clock?: Clock;
  /** An already-migrated database (tests share one across apps). */
  db?: Db;
  /** Where log lines go (stdout by default); tests read them to prove no secret is logged. */
  logStream?: { write(line: string): void };
}

export interface App {
  app: FastifyInstance;
  /** The admin listener's app (decision 059): /admin/v1 on its own port, never on the public one. */
  admin: FastifyInstance;
  deps: Deps;
  outbox: OutboxWorker;
  /** Delivers the back-channel logouts of ended sessions. */
  logouts: LogoutWorker;
  /** Deletes the sessions that can no longer be used, hourly. */
  sessionSweep: SessionSweeper;
  /** Delivers the webhooks of the monitoring backend (decision 055). */
  webhooks: WebhookWorker;
  /** The development mailbox's key, made at start (only with DEV_MAILBOX=1): main.ts prints the link that carries it. */
  mailboxKey?: string;
  close(): Promise<void>;
}

/** Builds the whole application without listening: main.ts listens, tests inject or listen. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Written synchronously, as pino does by default: its asynchronous destination was measured
      // and bought nothing here (decision 028), and a line written is a line kept.
      stream: options.logStream,
      // Query strings carry tokens (/activate-email?token=…), paths license keys, headers session ids.
      serializers: {
        // The request id is on every line already (reqId): not twice.
        req: (req) => ({ method: req.method, url: logPath(req.url), remoteAddress: req.ip }),
      },
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    ...serverOptions(config),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? createDatabase(config.database, (error) => app.log.warn({ err: error.message }, 'database connection lost'));
  if (!options.db) await migrate(db);
  const clock = options.clock ?? systemClock;
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error.message }, 'redis unavailable'));
  if (redis) await redisConnected(redis);
  const secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  if (secretKey.generated) app.log.warn(`SECRET_KEY is not set: made one and kept it in ${config.dataDir}/secret-key`);
  const secrets = createSecrets(secretKey.key);
  try {
    await checkSharedKey(db, secretKey.key, clock.now().toISOString());
  } catch (error) {
    redis?.disconnect();
    if (!options.db) await db.destroy();
    throw error;
  }
  if (config.env === 'production' && !config.supportContact) {
    app.log.warn(
      'SUPPORT_CONTACT is not set: a person locked out of two-factor authentication on a host whose brand names no support link is told to ask support but shown no way to; set an https:// URL or an e-mail address',
    );
  }
  // A shared database says several instances may run: without Redis each counts its own (decision 019).
  if (config.database.dialect === 'postgres' && !redis) {
    app.log.warn(
      'REDIS_URL is not set: rate limits and the per-account cap on failed sign-ins are counted by each instance alone and start again at its restart; with several instances, set REDIS_URL',
    );
  }
  const outbox = new OutboxWorker({
    db,
    clock,
    log: app.log,
    sender: createMailSender(config, app.log),
    pollMs: config.mailPollMs,
    secrets,
  });
  const webhooks = new WebhookWorker({ db, clock, log: app.log, secrets, pollMs: config.mailPollMs });
  const deps: Deps = {
    config,
    db,
    clock,
    hasher: createPasswordHasher(config),
    limits: createLimits(redis, { accountSigninFailures: config.accountSigninFailures }),
    log: app.log,
    mailWritten: () => {
      outbox.kick();
      webhooks.kick();
    },
    secrets,
    sso: new SsoProviders(config, () => clock.now().getTime()),
  };

  registerErrorHandler(app, { passwordMinLength: config.password.minLength });
  registerRequestLog(app);
  await registerSecurity(app, config, (origin) => isActivePanelOrigin(db, origin));
  registerJsonParser(app);
  registerBodyLimits(app);
  await app.register(formbody, { bodyLimit: bodyLimits.bytes });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 20, fieldSize: 8192, files: 0, parts: 20 },
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Gatehouse API', version: '1.0.0', description: 'Account portal of the monitoring service' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: config.session.cookieName } } },
    },
    transform: jsonSchemaTransform,
  });

  // The admin API and the console live on their own listener; here they are nobody's pages (decisions 059 and 062).
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if ([adminPrefix, consolePrefix].some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      return sendError(reply, 404, 'request.not_found', { params: { path } });
    }
  });
  sessionGuard(app, deps);
  signupRoutes(app, deps);
  otpSignupRoutes(app, deps);
  authRoutes(app, deps);
  passwordResetRoutes(app, deps);
  ssoRoutes(app, deps);
  profileRoutes(app, deps);
  licenseRoutes(app, deps);
  brandRoutes(app, deps);
  healthRoutes(app, deps, redis ? [() => redis.ping()] : [], webhooks.metrics);
  settingsRoutes(app, deps);
  twoFactorRoutes(app, deps);
  passkeyRoutes(app, deps);
  teamRoutes(app, deps);
  const oidcDeps = { ...deps, vault: createOidcVault(secrets) };
  const providers = new OidcProviders(oidcDeps);
  oidcRoutes(app, oidcDeps, providers);
  const logouts = new LogoutWorker({ ...deps, providers, pollMs: config.mailPollMs });
  const sessionSweep = new SessionSweeper(deps, 60 * 60_000);
  const mailboxKey = config.devMailbox ? randomToken() : undefined;
  if (mailboxKey) mailboxRoutes(app, deps, mailboxKey);
  app.get('/openapi.json', { schema: { tags: ['operations'], summary: 'This API description (OpenAPI 3)' } }, async () => app.swagger());
  runtimeConfigRoutes(app, config);
  registerWeb(app, config, (host) => getBrand(deps.db, config, host));

  await app.ready();
  const admin = await buildAdminApp(app, config, { ...oidcDeps, providers });
  outbox.start();
  webhooks.start();
  logouts.start();
  sessionSweep.start();
  return {
    app,
    admin,
    deps,
    outbox,
    logouts,
    sessionSweep,
    webhooks,
    mailboxKey,
    async close() {
      await app.close();
      await admin.close();
      await outbox.stop();
      await webhooks.stop();
      await logouts.stop();
      await sessionSweep.stop();
      redis?.disconnect();
      if (!options.db) await db.destroy();
    },
  };
}

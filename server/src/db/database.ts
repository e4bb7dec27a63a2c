import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import * as initial from './migrations/0001-initial.ts';
import * as panelAccounts from './migrations/0002-panel-accounts.ts';
import * as panelOrigins from './migrations/0003-panel-origins.ts';
import * as secretsAtRest from './migrations/0004-secrets-at-rest.ts';
import * as ssoIdentities from './migrations/0005-sso-identities.ts';
import * as accountSettings from './migrations/0006-account-settings.ts';
import * as teams from './migrations/0007-teams.ts';
import * as ssoInvitation from './migrations/0008-sso-invitation.ts';
import * as keyFingerprint from './migrations/0009-key-fingerprint.ts';
import * as credentialGeneration from './migrations/0010-credential-generation.ts';
import * as oidcProvider from './migrations/0014-oidc-provider.ts';
import * as signupChoices from './migrations/0015-signup-choices.ts';
import * as oidcLogouts from './migrations/0016-oidc-logouts.ts';
import * as signupContinueTo from './migrations/0017-signup-continue-to.ts';
import * as teamNames from './migrations/0018-team-names.ts';
import * as signupWatches from './migrations/0019-signup-watches.ts';
import * as sessionProof from './migrations/0020-session-proof.ts';
import * as twoFactor from './migrations/0021-two-factor.ts';
import * as twoFactorChallenges from './migrations/0022-two-factor-challenges.ts';
import * as teamTwoFactor from './migrations/0023-team-two-factor.ts';
import * as passkeys from './migrations/0024-passkeys.ts';
import * as appHandOvers from './migrations/0025-app-hand-overs.ts';
import * as challengeInvitation from './migrations/0026-challenge-invitation.ts';
import * as signupWatchesPerBrowser from './migrations/0027-signup-watches-per-browser.ts';
import * as webhooks from './migrations/0028-webhooks.ts';
import * as operators from './migrations/0030-operators.ts';
import * as consoleSessions from './migrations/0031-console-sessions.ts';
import type { Database } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export type Db = Kysely<Database>;
/** Repositories take either the database or a transaction as their first argument. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

const migrations = {
  '0001-initial': initial,
  '0002-panel-accounts': panelAccounts,
  '0003-panel-origins': panelOrigins,
  '0004-secrets-at-rest': secretsAtRest,
  '0005-sso-identities': ssoIdentities,
  '0006-account-settings': accountSettings,
  '0007-teams': teams,
  '0008-sso-invitation': ssoInvitation,
  '0009-key-fingerprint': keyFingerprint,
  '0010-credential-generation': credentialGeneration,
  '0014-oidc-provider': oidcProvider,
  '0015-signup-choices': signupChoices,
  '0016-oidc-logouts': oidcLogouts,
  '0017-signup-continue-to': signupContinueTo,
  '0018-team-names': teamNames,
  '0019-signup-watches': signupWatches,
  '0020-session-proof': sessionProof,
  '0021-two-factor': twoFactor,
  '0022-two-factor-challenges': twoFactorChallenges,
  '0023-team-two-factor': teamTwoFactor,
  '0024-passkeys': passkeys,
  '0025-app-hand-overs': appHandOvers,
  '0026-challenge-invitation': challengeInvitation,
  '0027-signup-watches-per-browser': signupWatchesPerBrowser,
  '0028-webhooks': webhooks,
  '0030-operators': operators,
  '0031-console-sessions': consoleSessions,
};

/**
 * Opens the database. `onConnectionError` hears of PostgreSQL connections that broke (the server
 * restarted, the network dropped), idle in the pool or in use: the query in flight fails on its
 * own (503), the pool replaces the connection, and without these listeners the error would be
 * unhandled and end the process.
 */
export function createDatabase(config: DatabaseConfig, onConnectionError: (error: Error) => void = () => {}): Db {
  if (config.dialect === 'sqlite') return new Kysely<Database>({ dialect: createSqliteDialect(config.path) });
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    // Fail fast when PostgreSQL is down instead of hanging requests (docs/security-targets.md).
    connectionTimeoutMillis: 2000,
    query_timeout: 10_000,
  });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Runs pending migrations; Kysely holds a lock (an advisory lock on PostgreSQL) meanwhile. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

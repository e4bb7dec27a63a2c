import { parseArgs } from 'node:util';
import { isDashboardUrl, isHttpsUrl, isLanguage, normalizeLicenseKey, type Plan, planNames } from '@gatehouse/contract';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { createDatabase, type Db, migrate } from '../db/database.ts';
import { forgetSharedKey } from '../db/key-check.ts';
import { normalizeHost, saveBrand } from '../features/brands/brand.service.ts';
import { createLicenses, listAllLicenses, revokeLicense } from '../features/licenses/license.service.ts';
import { OidcClientInputError } from '../features/oidc/oidc-client.service.ts';
import { OperatorInputError } from '../features/operators/operators.service.ts';
import { createPanel, listInstallations, revokeInstallation } from '../features/panels/panel.service.ts';
import { WebhookInputError } from '../features/webhooks/webhook.service.ts';
import { iso, systemClock } from '../lib/clock.ts';
import { oidcOptions, oidcUsage, runOidcCommand } from './oidc-commands.ts';
import { operatorOptions, operatorUsage, runOperatorCommand } from './operator-commands.ts';
import type { CliOut } from './out.ts';
import { runWebhookCommand, webhookOptions, webhookUsage } from './webhook-commands.ts';

const usage = `Usage: npm run admin -- <command> [options]

  license create --plan pro|business|enterprise|flexible [--count N] [--platform cpanel|plesk --panel ID] [--expires DATE]
  license list
  license revoke KEY
  panel create --name NAME --platform cpanel|plesk --origin URL [--origin URL …]
  panel list
  panel revoke ID
  brand set --host HOST --name NAME [--favicon URL --logo URL --color HEX --dashboard URL --support URL --privacy URL --terms URL --language CODE]
  secret-key forget      (before starting the instances with another SECRET_KEY on purpose)
${oidcUsage}
${webhookUsage}
${operatorUsage}

Add --json for machine-readable objects. Created keys are printed alone on the last line.`;

class UsageError extends Error {}

const options = {
  plan: { type: 'string' },
  count: { type: 'string' },
  platform: { type: 'string' },
  panel: { type: 'string' },
  expires: { type: 'string' },
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  host: { type: 'string' },
  favicon: { type: 'string' },
  logo: { type: 'string' },
  color: { type: 'string' },
  dashboard: { type: 'string' },
  support: { type: 'string' },
  privacy: { type: 'string' },
  terms: { type: 'string' },
  language: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  ...oidcOptions,
  ...webhookOptions,
  ...operatorOptions,
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function run(db: Db, config: Config, words: string[], values: Values, out: CliOut): Promise<void> {
  if (await runOidcCommand(db, config, words, values, out)) return;
  if (await runWebhookCommand(db, config, words, values, out)) return;
  if (await runOperatorCommand(db, config, words, values, out)) return;
  const [area, action, argument] = words;
  const now = iso(systemClock.now());
  switch (`${area} ${action}`) {
    case 'license create': {
      const plan = required(values.plan, 'plan');
      if (!planNames.includes(plan as Plan)) throw new UsageError(`--plan must be one of ${planNames.join(', ')}`);
      const count = Number(values.count ?? '1');
      if (!Number.isInteger(count) || count < 1 || count > 1000) throw new UsageError('--count must be 1 to 1000');
      if (values.platform && !['cpanel', 'plesk'].includes(values.platform)) throw new UsageError('--platform must be cpanel or plesk');
      if (values.platform && !values.panel) throw new UsageError('--panel is required with --platform');
      const expires = values.expires ? new Date(values.expires) : undefined;
      if (expires && Number.isNaN(expires.getTime())) throw new UsageError('--expires must be a date, e.g. 2027-12-31');
      const keys = await createLicenses(db, systemClock, {
        plan: plan as Plan,
        count,
        kind: values.platform ? 'platform' : 'standalone',
        panelId: values.panel,
        expiresAt: expires ? iso(expires) : undefined,
      });
      out.note(`Created ${count} ${plan} license${count > 1 ? 's' : ''}. Keys are shown only now:`);
      out.print(keys, keys);
      return;
    }
    case 'license list': {
      const rows = await listAllLicenses(db);
      out.print(
        rows,
        rows.map(
          (r) =>
            `…${r.key_suffix}  ${r.plan.padEnd(10)} ${r.kind.padEnd(10)} ${r.revoked_at ? 'revoked' : r.email ? 'active' : 'available'}  ${r.email ?? ''}`,
        ),
      );
      return;
    }
    case 'license revoke': {
      const key = normalizeLicenseKey(required(argument, 'KEY'));
      if (!(await revokeLicense(db, systemClock, key))) throw new UsageError('no active license with that key');
      out.print({ revoked: key.slice(-4) }, [`Revoked the license ending in ${key.slice(-4)}.`]);
      return;
    }
    case 'panel create': {
      const platform = required(values.platform, 'platform');
      if (platform !== 'cpanel' && platform !== 'plesk') throw new UsageError('--platform must be cpanel or plesk');
      const panel = await createPanel(db, systemClock, { name: required(values.name, 'name'), platform, origins: values.origin ?? [] });
      out.note(`Registered panel ${panel.id}. Its apiKey is shown only now:`);
      out.print(panel, [`id: ${panel.id}`, panel.apiKey]);
      return;
    }
    case 'panel list': {
      const rows = await listInstallations(db);
      out.print(
        rows,
        rows.map((r) => `${r.id}  ${r.platform.padEnd(7)} ${r.revoked_at ? 'revoked' : 'active '}  ${r.name}  ${r.origins.join(' ')}`),
      );
      return;
    }
    case 'panel revoke': {
      const id = required(argument, 'ID');
      // Every check of the key and of the origins reads the database, so this takes effect at once.
      if (!(await revokeInstallation(db, systemClock, id))) throw new UsageError('no active panel installation with that id');
      out.print({ revoked: id }, [`Revoked panel ${id}: its apiKey and origins stop working now.`]);
      return;
    }
    case 'brand set': {
      const language = values.language || null;
      if (language !== null && !isLanguage(language)) throw new UsageError('--language must be one of en, de, fr, es, it, ru, ja, pt');
      if (values.color && !/^#[0-9a-fA-F]{6}$/.test(values.color)) throw new UsageError('--color must look like #1a2b3c');
      for (const name of ['favicon', 'logo', 'support', 'privacy', 'terms'] as const) {
        const value = values[name];
        if (value !== undefined && !isHttpsUrl(value)) throw new UsageError(`--${name} must be an https:// URL`);
      }
      if (values.dashboard !== undefined && !isDashboardUrl(values.dashboard)) {
        throw new UsageError('--dashboard must be an https:// URL, or http:// on a loopback host');
      }
      const host = normalizeHost(required(values.host, 'host'));
      await saveBrand(db, {
        host,
        brand_name: required(values.name, 'name'),
        favicon_url: values.favicon ?? null,
        logo_url: values.logo ?? null,
        primary_color: values.color ?? null,
        support_url: values.support ?? null,
        dashboard_url: values.dashboard ?? null,
        privacy_url: values.privacy ?? null,
        terms_url: values.terms ?? null,
        default_language: language,
        updated_at: now,
      });
      out.print({ host }, [`Brand for ${host} saved.`]);
      return;
    }
    case 'secret-key forget': {
      // The next instance to start records its own key (decision 019); stop every instance first.
      const forgotten = await forgetSharedKey(db);
      out.print({ forgotten }, [
        forgotten
          ? 'Forgot the recorded SECRET_KEY fingerprint: the next instance to start records its key. Mail queued and codes issued under the old key can no longer be read.'
          : 'No SECRET_KEY fingerprint was recorded.',
      ]);
      return;
    }
    default:
      throw new UsageError(area ? `unknown command: ${[area, action].filter(Boolean).join(' ')}` : 'no command given');
  }
}

/**
 * Runs one command line and answers its exit code: 0 done, 1 done but something is wrong, 2 a
 * wrong call. The entry point below is `npm run admin`; tests call this in-process, on the
 * environment they pass, to spare a Node start per command.
 */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined>,
  streams: { stdout(text: string): void; stderr(text: string): void },
): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    streams.stderr(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    streams.stdout(usage);
    return 0;
  }
  let failed = false;
  const out: CliOut = {
    print: (object, human) => streams.stdout(values.json ? JSON.stringify(object, null, 2) : human.join('\n')),
    line: (text) => streams.stdout(text),
    note: (text) => streams.stderr(text),
    fail: () => {
      failed = true;
    },
  };
  let db: Db | undefined;
  try {
    const config = loadConfig(env);
    db = createDatabase(config.database);
    await migrate(db);
    await run(db, config, positionals, values, out);
    return failed ? 1 : 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof OidcClientInputError ||
      error instanceof WebhookInputError ||
      error instanceof OperatorInputError
    ) {
      streams.stderr(`Error: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      streams.stderr(error.message);
      return 2;
    }
    throw error;
  } finally {
    await db?.destroy();
  }
}

if (import.meta.main) {
  process.exitCode = await runCli(process.argv.slice(2), process.env, {
    stdout: (text) => console.log(text),
    stderr: (text) => console.error(text),
  });
}

import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { checkSharedKey } from '../db/key-check.ts';
import { normalizeHost } from '../features/brands/brand.service.ts';
import {
  createClient,
  describeClients,
  endClient,
  OidcClientInputError,
  rotateClientSecret,
} from '../features/oidc/oidc-client.service.ts';
import { activateStagedKey, retireKeys, stageKey } from '../features/oidc/oidc-keys.ts';
import { createOidcVault } from '../features/oidc/oidc-vault.ts';
import { iso, systemClock } from '../lib/clock.ts';
import { createSecrets, resolveSecretKey } from '../lib/secrets.ts';
import type { CliOut } from './out.ts';

export const oidcUsage = `  client create --name NAME --redirect-uri URL [--redirect-uri URL …] [--post-logout-redirect-uri URL]
                [--backchannel-logout-uri URL] [--initiate-login-uri URL] [--host HOST] [--public]
  client list
  client revoke ID        (every grant, code and token of the app ends)
  client rotate-secret ID
  oidc-key stage | activate | retire   (publish a new signing key, sign with it, drop the old one)`;

export const oidcOptions = {
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'initiate-login-uri': { type: 'string' },
  'backchannel-logout-uri': { type: 'string' },
  public: { type: 'boolean' },
} as const;

interface OidcValues {
  name?: string;
  host?: string;
  json?: boolean;
  'redirect-uri'?: string[];
  'post-logout-redirect-uri'?: string[];
  'initiate-login-uri'?: string;
  'backchannel-logout-uri'?: string;
  public?: boolean;
}

/**
 * The OpenID provider's commands (decision 033). Clients and keys are sealed under SECRET_KEY,
 * so the CLI needs the instances' key; another one is refused as it is at the server's start.
 * Returns false for a command that is not one of these; throws OidcClientInputError for bad input.
 */
export async function runOidcCommand(db: Db, config: Config, words: string[], values: OidcValues, out: CliOut): Promise<boolean> {
  const [area, action, argument] = words;
  if (area !== 'client' && area !== 'oidc-key') return false;
  const key = resolveSecretKey(config.secretKey, config.dataDir).key;
  await checkSharedKey(db, key, iso(systemClock.now()));
  const deps = { db, clock: systemClock, vault: createOidcVault(createSecrets(key)) };
  switch (`${area} ${action}`) {
    case 'client create': {
      if (!values.name) throw new OidcClientInputError('--name is required');
      const created = await createClient(deps, {
        name: values.name,
        redirectUris: values['redirect-uri'] ?? [],
        postLogoutRedirectUris: values['post-logout-redirect-uri'] ?? [],
        initiateLoginUri: values['initiate-login-uri'],
        backchannelLogoutUri: values['backchannel-logout-uri'],
        host: values.host ? normalizeHost(values.host) : undefined,
        public: values.public === true,
      });
      if (!values.json)
        out.note(`Registered ${values.name}. ${created.clientSecret ? 'Its secret is shown only now:' : 'A public client: no secret.'}`);
      out.print(created, [`client id: ${created.clientId}`, ...(created.clientSecret ? [created.clientSecret] : [])]);
      return true;
    }
    case 'client list': {
      const clients = await describeClients(deps);
      out.print(
        clients,
        clients.map(
          (c) => `${c.clientId}  ${c.revokedAt ? 'revoked' : 'active '}  ${c.name}  ${c.host ?? ''}  ${c.redirectUris.join(' ')}`,
        ),
      );
      return true;
    }
    case 'client revoke': {
      if (!argument || !(await endClient(deps, argument))) throw new OidcClientInputError('no active client with that id');
      out.print({ revoked: argument }, [`Revoked ${argument}: its codes, tokens and grants end now.`]);
      return true;
    }
    case 'client rotate-secret': {
      const rotated = await rotateClientSecret(deps, argument ?? '');
      if (!values.json) out.note('The new secret is shown only now; the old one no longer works:');
      out.print(rotated, [rotated.clientSecret]);
      return true;
    }
    case 'oidc-key stage': {
      const kid = await stageKey(deps);
      out.print({ staged: kid }, [`Staged key ${kid}: published now, signing after "oidc-key activate".`]);
      return true;
    }
    case 'oidc-key activate': {
      const kid = await activateStagedKey(deps);
      if (!kid) throw new OidcClientInputError('no staged key: run "oidc-key stage" first');
      out.print({ active: kid }, [`Key ${kid} signs from now on; the one before stays published until "oidc-key retire".`]);
      return true;
    }
    case 'oidc-key retire': {
      const retired = await retireKeys(db);
      out.print({ retired }, [`Stopped publishing ${retired} retired key${retired === 1 ? '' : 's'}.`]);
      return true;
    }
    default:
      throw new OidcClientInputError(`unknown command: ${words.slice(0, 2).join(' ')}`);
  }
}

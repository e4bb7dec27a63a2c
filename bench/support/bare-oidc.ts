// The baseline of the OpenID provider's hot paths: the bare oidc-provider (the server's own
// dependency, same version), built on Gatehouse's own provider options (providerOptions: client
// settings, token formats, TTLs, PKCE rule, scopes and claims, features), its records in a
// Map in memory, in its own process. BARE_CLIENTS holds the clients, BARE_CLAIMS the claims findAccount answers with.
// POST /bench/mint gives a refresh and an access token per client, made by the library's own
// models as an authorization code grant would make them.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import { providerOptions } from '../../server/src/features/oidc/oidc-options.ts';

interface BareClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const clients = JSON.parse(process.env.BARE_CLIENTS ?? '[]') as BareClient[];
const claims = JSON.parse(process.env.BARE_CLAIMS ?? '{}') as Record<string, unknown> & { sub: string };
const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' };
const sessionSeconds = Number(process.env.BARE_SESSION_SECONDS);
const scope = 'openid email profile gatehouse';

/**
 * Records in a plain Map: the library's own memory adapter keeps only the latest 1,000 records,
 * so a bench that mints tokens by the thousand (each refresh makes one) would see its own
 * access tokens evicted and measure refusals.
 */
const records = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
class MapAdapter {
  private readonly model: string;
  constructor(model: string) {
    this.model = model;
  }
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
    records.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }
  async find(id: string) {
    const record = records.get(this.key(id));
    return record && record.expiresAt > Date.now() ? record.payload : undefined;
  }
  async findByUid(uid: string) {
    for (const [key, record] of records) if (key.startsWith(`${this.model}:`) && record.payload.uid === uid) return record.payload;
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const [key, record] of records)
      if (key.startsWith(`${this.model}:`) && record.payload.userCode === userCode) return record.payload;
    return undefined;
  }
  async consume(id: string) {
    const record = records.get(this.key(id));
    if (record) record.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    records.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, record] of records) if (record.payload.grantId === grantId) records.delete(key);
  }
}

const options = providerOptions(sessionSeconds);
const provider = new Provider(issuer, {
  adapter: MapAdapter,
  jwks: { keys: [jwk] },
  cookies: { keys: [randomBytes(32).toString('base64url')] },
  ...options,
  clients: clients.map((client) => ({
    ...options.clientDefaults,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: [client.redirectUri],
  })),
  async findAccount(_ctx, sub) {
    return { accountId: sub, claims: () => ({ ...claims, sub }) };
  },
});
provider.proxy = true;

async function mint(): Promise<{ clientId: string; refreshToken: string; accessToken: string }[]> {
  const now = Math.floor(Date.now() / 1000);
  return Promise.all(
    clients.map(async ({ clientId }) => {
      const client = await provider.Client.find(clientId);
      if (!client) throw new Error(`no client ${clientId}`);
      const grant = new provider.Grant({ accountId: claims.sub, clientId });
      grant.addOIDCScope(scope);
      const grantId = await grant.save();
      const common = { accountId: claims.sub, client, grantId, scope, gty: 'authorization_code', sessionUid: 'bench' };
      const refreshToken = await new provider.RefreshToken({ ...common, authTime: now, iiat: now, rotations: 0 }).save();
      const accessToken = await new provider.AccessToken(common).save();
      return { clientId, refreshToken, accessToken };
    }),
  );
}

const callback = provider.callback();
const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/bench/mint') {
    mint().then(
      (tokens) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tokens)),
      (error: Error) => response.writeHead(500).end(error.message),
    );
    return;
  }
  callback(request, response);
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));

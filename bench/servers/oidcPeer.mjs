// Peer for the token endpoint and introspection: oidc-provider 9 (ESM-only), started
// by bench/run as a child process; reports its port over IPC. One client, `bench`
// (client_secret_basic), for three grants and introspection:
// - client_credentials: RS256 JWT access tokens for the resource urn:bench:api (the
//   default), opaque ones for urn:bench:opaque (oidc-provider introspects only opaque
//   tokens: a JWT gets 400 unsupported_token_type, lib/shared/reject_structured_tokens.js);
// - refresh_token with rotation (rotateRefreshToken: true), the refresh tokens minted
//   in this process on the parent's request ({ mint: count }), each for an account of
//   its own, as a code flow would leave them: a Grant with scope api on urn:bench:api
//   and its RefreshToken (provider.Grant / provider.RefreshToken, saved through the adapter);
// - introspection (features.introspection).
// The adapter is a Map: the built-in memory adapter keeps only the last 1000 entries,
// fewer than the refresh row mints.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: Number(process.env.BENCH_RSA_BITS ?? 2048) });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig' };
const API = 'urn:bench:api';
const OPAQUE = 'urn:bench:opaque';
const DAY = 24 * 60 * 60;

/** Every model's entries in one Map (unbounded, expiry checked on read), with the grant index revocation needs. */
const entries = new Map();
const grants = new Map();
class MapAdapter {
  constructor(model) {
    this.model = model;
  }

  key(id) {
    return `${this.model}:${id}`;
  }

  async upsert(id, payload, expiresIn) {
    const key = this.key(id);
    entries.set(key, { payload, expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity });
    if (payload.grantId) grants.set(payload.grantId, (grants.get(payload.grantId) ?? new Set()).add(key));
  }

  async find(id) {
    const entry = entries.get(this.key(id));
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid) {
    for (const { payload } of entries.values()) if (payload.uid === uid) return payload;
    return undefined;
  }

  async findByUserCode(userCode) {
    for (const { payload } of entries.values()) if (payload.userCode === userCode) return payload;
    return undefined;
  }

  async consume(id) {
    const entry = entries.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id) {
    entries.delete(this.key(id));
  }

  async revokeByGrantId(grantId) {
    for (const key of grants.get(grantId) ?? []) entries.delete(key);
    grants.delete(grantId);
  }
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    adapter: MapAdapter,
    clients: [
      {
        client_id: 'bench',
        client_secret: 'bench-secret',
        grant_types: ['client_credentials', 'refresh_token'],
        redirect_uris: [],
        response_types: [],
      },
    ],
    jwks: { keys: [jwk] },
    // offline_access switches the refresh_token grant on (lib/helpers/configuration.js collectGrantTypes).
    scopes: ['api', 'offline_access'],
    rotateRefreshToken: true,
    ttl: { ClientCredentials: 18000, Grant: 14 * DAY, RefreshToken: 14 * DAY },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => ({
          scope: 'api',
          audience: resource,
          accessTokenTTL: 18000,
          accessTokenFormat: resource === OPAQUE ? 'opaque' : 'jwt',
          ...(resource === OPAQUE ? {} : { jwt: { sign: { alg: 'RS256' } } }),
        }),
      },
    },
  });
  provider.on('server_error', (_ctx, error) => console.error(error));
  server.on('request', provider.callback());

  let minted = 0;
  /** `count` refresh tokens of `bench`, each for a new account, with its grant. */
  const mint = async (count) => {
    const client = await provider.Client.find('bench');
    const tokens = [];
    for (let i = 0; i < count; i++) {
      const accountId = `bench-${++minted}`;
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.addResourceScope(API, 'api');
      const grantId = await grant.save();
      tokens.push(await new provider.RefreshToken({ accountId, client, grantId, gty: 'authorization_code', scope: 'api', resource: API }).save());
    }
    return tokens;
  };
  process.on('message', (message) => {
    if (typeof message?.mint !== 'number') return;
    mint(message.mint).then(
      (tokens) => process.send?.({ minted: tokens }),
      (error) => process.send?.({ mintError: String(error?.stack ?? error) }),
    );
  });
  process.send?.({ ready: true, port, pids: [process.pid] });
});

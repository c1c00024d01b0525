// Peer for token issuance: oidc-provider (ESM-only) issuing RS256 JWT access
// tokens through the client_credentials grant. Started by bench/run as a child
// process; reports its port over IPC.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: Number(process.env.BENCH_RSA_BITS ?? 2048) });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'bench', alg: 'RS256', use: 'sig' };

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: 'bench',
        client_secret: 'bench-secret',
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
      },
    ],
    jwks: { keys: [jwk] },
    scopes: ['api'],
    ttl: { ClientCredentials: 18000 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => 'urn:bench:api',
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          audience: 'urn:bench:api',
          accessTokenTTL: 18000,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  });
  provider.on('server_error', (_ctx, error) => console.error(error));
  server.on('request', provider.callback());
  process.send?.({ ready: true, port, pids: [process.pid] });
});

import { expect } from 'chai';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { keysCommandOutput } from '../../src/interfaces/composition/keysCli';
import { authTestConfig } from '../support/authTestServer';
import { freePort } from '../support/freePort';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

/**
 * One instance: its own container, connections and key ring on the shared database, listening on a
 * known port with no AUTH_ISSUER (blank overrides the test default), so each instance's derived default
 * differs. In-process: what is shared lives in the store, and a process start costs ~1 s of CPU that
 * proves nothing here (the real entry point is started by manyInstances and authWorkers).
 */
interface Instance {
  readonly server: AuthServer;
  readonly origin: string;
  readonly port: number;
  stop(): Promise<void>;
}

async function startWithoutIssuer(databaseUrl: string, env: Record<string, string> = { AUTH_ISSUER: '' }): Promise<Instance> {
  const port = await freePort();
  const server = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: databaseUrl, PORT: String(port), ...env }));
  await server.listen(port);
  return { server, origin: `http://127.0.0.1:${port}`, port, stop: () => server.close() };
}

async function login(origin: string): Promise<string> {
  const response = await fetch(`${origin}/auth/oauth/jwt/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'any' }),
  });
  expect(response.status).to.equal(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

async function statusWith(origin: string, token: string): Promise<number> {
  return (await fetch(`${origin}/auth/current/user/details`, { headers: { authorization: `Bearer ${token}` } })).status;
}

async function publishedIssuer(origin: string): Promise<string> {
  return ((await (await fetch(`${origin}/auth/.well-known/openid-configuration`)).json()) as { issuer: string }).issuer;
}

function issClaim(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iss: string }).iss;
}

for (const backend of STORE_BACKENDS) {
  describe(`the default issuer (no AUTH_ISSUER) on one ${backend.name} database`, function () {
    this.timeout(120_000);

    let database: SharedDatabase;
    let instances: Instance[] = [];

    before(async () => {
      database = await backend.create();
      // The first one records the issuer; the others start at once, on other ports.
      instances = await Promise.all([0, 1, 2].map(() => startWithoutIssuer(database.url)));
    });

    after(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database.dispose();
    });

    it('is one and the same on three instances on three ports, published exactly by discovery', async () => {
      const published = await Promise.all(instances.map((instance) => publishedIssuer(instance.origin)));
      expect(new Set(published).size, published.join(', ')).to.equal(1);
      const candidates = instances.map((instance) => `http://localhost:${instance.port}/auth`);
      expect(candidates).to.include(published[0]);
      expect(issClaim(await login(instances[1].origin))).to.equal(published[0]);
    });

    it("lets each instance accept the others' tokens", async () => {
      for (const [issuerIndex, issuer] of instances.entries()) {
        const token = await login(issuer.origin);
        for (const [index, other] of instances.entries()) {
          expect(await statusWith(other.origin, token), `token of instance ${issuerIndex} on instance ${index}`).to.equal(200);
        }
      }
    });

    it('keeps tokens valid across a restart on another port, and across `keys rotate` and a restart', async () => {
      const before = await login(instances[0].origin);
      const issuer = await publishedIssuer(instances[0].origin);

      await instances[0].stop();
      instances[0] = await startWithoutIssuer(database.url);
      expect(await statusWith(instances[0].origin, before)).to.equal(200);
      expect(await publishedIssuer(instances[0].origin)).to.equal(issuer);

      const output = await keysCommandOutput(loadAuthServerConfig({ AUTH_DATABASE_URL: database.url, LOG_LEVEL: 'silent' }), ['rotate']);
      expect(output).to.match(/next key published/);
      await instances[1].stop();
      instances[1] = await startWithoutIssuer(database.url);
      expect(await statusWith(instances[1].origin, before)).to.equal(200);
      const after = await login(instances[1].origin);
      expect(await statusWith(instances[2].origin, after)).to.equal(200);
      expect(await publishedIssuer(instances[1].origin)).to.equal(issuer);
    });
  });
}

describe('an explicit AUTH_ISSUER', function () {
  this.timeout(60_000);

  it('wins over the recorded issuer and leaves the store alone', async () => {
    const database = await STORE_BACKENDS[0].create();
    const first = await startWithoutIssuer(database.url);
    const recorded = await publishedIssuer(first.origin);
    const explicit = await startWithoutIssuer(database.url, { AUTH_ISSUER: 'https://id.example.com/auth' });
    try {
      expect(await publishedIssuer(explicit.origin)).to.equal('https://id.example.com/auth');
      expect(issClaim(await login(explicit.origin))).to.equal('https://id.example.com/auth');
      await first.stop();
      const again = await startWithoutIssuer(database.url);
      expect(await publishedIssuer(again.origin)).to.equal(recorded);
      await again.stop();
    } finally {
      await Promise.all([first.stop(), explicit.stop()]);
      await database.dispose();
    }
  });
});

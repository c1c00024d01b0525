import { expect } from 'chai';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { runClientsCommand } from '../../src/interfaces/cli/clientsCommand';
import { clientsCommandDeps } from '../../src/interfaces/composition/clientsCli';
import { storeCliContainer } from '../../src/interfaces/composition/runStoreCli';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const KEY = '/auth/client/user/secret/key';
const KEYS = '/auth/client/user/secret/keys';
const FEED = '/auth/client/revocations';
const SERVICE = { appId: 'orders-svc', appSecret: 'Vq3-orders-service-secret-9x2LmPz' };

/**
 * Issue 31 §2: the key endpoints and the revocation feed serve the resource
 * services of AUTH_CLIENTS only. Registering a confidential OAuth app (the
 * clients command, on the shared store) never changes who may read them:
 * under rsa the open endpoint stays open, under hmac a stored app never
 * receives the signing secret.
 */
describe('Key material never reaches OAuth apps', function () {
  this.timeout(30_000);

  async function serverWithApp(env: Record<string, string>): Promise<{ auth: AuthServer; appSecret: string; close: () => Promise<void> }> {
    const database: SharedDatabase = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, ...env });
    const auth = await buildAuthServer(config);
    const container = storeCliContainer(config);
    const cliData = await openDatabase(container.get<DataSource>(TYPES.DataSource));
    const out: string[] = [];
    const code = await runClientsCommand(['add', '--id', 'webapp', '--redirect-uri', 'https://app.example/cb', '--confidential'], {
      ...clientsCommandDeps(container),
      out: (line) => out.push(line),
      err: () => undefined,
    });
    expect(code).to.equal(0);
    return {
      auth,
      appSecret: out[out.length - 1],
      close: async () => {
        await auth.close();
        await cliData.destroy();
        await database.dispose();
      },
    };
  }

  it('rsa without AUTH_CLIENTS: the public key and the feed stay open after an OAuth app is registered (the demo client keeps working)', async () => {
    const { auth, close } = await serverWithApp({ AUTH_SIGN_METHOD: 'rsa' });
    try {
      // The open endpoint takes any pair (the seed contract), as before any client was registered.
      const anyPair = { appId: 'someone', appSecret: 'anything' };
      const key = await request(auth.server).get(KEY).query(anyPair).expect(200);
      expect(key.body.data).to.match(/^MII/);
      await request(auth.server).get(FEED).query(anyPair).expect(200);
    } finally {
      await close();
    }
  });

  it('hmac: a stored confidential app never receives the secret from the key, the key list or the feed; the resource service does', async () => {
    const { auth, appSecret, close } = await serverWithApp({ AUTH_SIGN_METHOD: 'hmac', AUTH_CLIENTS: `${SERVICE.appId}:${SERVICE.appSecret}` });
    try {
      for (const path of [KEY, KEYS, FEED]) {
        const refused = await request(auth.server).get(path).query({ appId: 'webapp', appSecret });
        expect(refused.status, path).to.equal(401);
        expect(JSON.stringify(refused.body), path).not.to.match(/BEGIN|"key"/);
        await request(auth.server).get(path).query(SERVICE).expect(200);
      }
      // The app still authenticates where OAuth apps do.
      await request(auth.server)
        .post('/auth/oauth/token')
        .auth('webapp', appSecret)
        .type('form')
        .send({ grant_type: 'client_credentials' })
        .expect((res) => expect(res.status).not.to.equal(401));
    } finally {
      await close();
    }
  });

  it('hmac without AUTH_CLIENTS: the secret goes to nobody, a stored app included (403 as before any app)', async () => {
    const { auth, appSecret, close } = await serverWithApp({ AUTH_SIGN_METHOD: 'hmac' });
    try {
      await request(auth.server).get(KEY).query({ appId: 'webapp', appSecret }).expect(403);
      await request(auth.server).get(KEYS).query({ appId: 'webapp', appSecret }).expect(403);
    } finally {
      await close();
    }
  });
});

import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { Container } from 'inversify';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { runClientsCommand } from '../../src/interfaces/cli/clientsCommand';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { clientsCommandDeps } from '../../src/interfaces/composition/clientsCli';
import { infrastructureModule } from '../../src/interfaces/composition/modules/infrastructureModule';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('npm run clients: registration on the shared store, and the registry that consults it', () => {
  let database: SharedDatabase;
  let cliData: DataSource;
  let deps: ReturnType<typeof clientsCommandDeps>;
  let auth: AuthServer;

  async function clients(...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runClientsCommand(args, { ...deps, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  }

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_CLIENTS: 'static-svc:static-secret' });
    const container = new Container();
    container.load(infrastructureModule(config));
    cliData = await openDatabase(container.get<DataSource>(TYPES.DataSource));
    deps = clientsCommandDeps(container);
    auth = await buildAuthServer(config);
  });

  after(async () => {
    await auth?.close();
    if (cliData?.isInitialized) await cliData.destroy();
    await database?.dispose();
  });

  it('add --confidential prints the generated secret once, as the last line; the store keeps only its SHA-256', async () => {
    const added = await clients('add', '--id', 'webapp', '--redirect-uri', 'https://app.example.com/cb', '--redirect-uri', 'http://localhost:3000/cb', '--confidential');
    expect(added.code).to.equal(0);
    const secret = added.out[added.out.length - 1];
    expect(secret).to.match(/^[A-Za-z0-9_-]{43}$/);
    const rows = (await cliData.query('SELECT * FROM oauth_clients')) as Array<Record<string, unknown>>;
    expect(rows).to.have.length(1);
    expect(rows[0].secret_hash).to.equal(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.to.include(secret);

    // ClientRegistry consults AUTH_CLIENTS and the store: both authenticate at the token endpoint.
    for (const [id, value] of [['webapp', secret], ['static-svc', 'static-secret']]) {
      await request(auth.server).post('/auth/oauth/token').set('Authorization', basic(id, value)).type('form').send({ grant_type: 'client_credentials' }).expect(200);
    }
    await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('webapp', `${secret}x`)).type('form').send({ grant_type: 'client_credentials' }).expect(401);
  });

  it('add --public stores no secret and prints none; a public client cannot authenticate with any secret', async () => {
    const added = await clients('add', '--id', 'spa', '--redirect-uri', 'https://spa.example.com/cb', '--public');
    expect(added.code).to.equal(0);
    expect(added.out).to.deep.equal([]);
    await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('spa', '')).type('form').send({ grant_type: 'client_credentials' }).expect(401);
  });

  it('rotate-secret prints a new secret as the last line of stdout (notices on stderr); the old one is refused at once', async () => {
    const oldSecret = (await clients('add', '--id', 'rotating', '--redirect-uri', 'https://r.example.com/cb', '--confidential')).out.at(-1)!;
    const rotated = await clients('rotate-secret', 'rotating');
    expect(rotated.code).to.equal(0);
    expect(rotated.out).to.have.length(1);
    const newSecret = rotated.out[0];
    expect(newSecret).to.match(/^[A-Za-z0-9_-]{43}$/).and.not.equal(oldSecret);
    expect(rotated.err.join('\n')).not.to.include(newSecret);
    const token = (secret: string) =>
      request(auth.server).post('/auth/oauth/token').set('Authorization', basic('rotating', secret)).type('form').send({ grant_type: 'client_credentials' });
    await token(oldSecret).expect(401);
    await token(newSecret).expect(200);
    expect((await clients('rotate-secret', 'spa')).code, 'a public client has no secret').to.equal(1);
    expect((await clients('rotate-secret', 'nobody')).code).to.equal(1);
    expect((await clients('remove', 'rotating')).code).to.equal(0);
  });

  it('list shows ids, kinds and redirect URIs, never a secret; remove deletes', async () => {
    const listed = await clients('list', '--json');
    expect(JSON.parse(listed.out[0])).to.deep.equal([
      { id: 'spa', kind: 'public', redirectUris: ['https://spa.example.com/cb'] },
      { id: 'webapp', kind: 'confidential', redirectUris: ['https://app.example.com/cb', 'http://localhost:3000/cb'] },
    ]);
    expect((await clients('remove', 'spa')).code).to.equal(0);
    expect((await clients('remove', 'spa')).code).to.equal(1);
  });

  it('refuses a taken id, unsafe redirect URIs, and an ambiguous kind', async () => {
    expect((await clients('add', '--id', 'webapp', '--redirect-uri', 'https://x.example.com/cb', '--public')).code).to.equal(1);
    for (const uri of ['javascript:alert(1)', 'http://app.example.com/cb', 'https://app.example.com/cb#frag', '/relative', 'data:text/html,x']) {
      const refused = await clients('add', '--id', 'bad', '--redirect-uri', uri, '--public');
      expect(refused.code, uri).to.equal(1);
    }
    expect((await clients('add', '--id', 'app', '--redirect-uri', 'com.example.app:/callback', '--public')).code).to.equal(0);
    expect((await clients('add', '--id', 'both', '--redirect-uri', 'https://x.example.com/cb', '--public', '--confidential')).code).to.equal(2);
    expect((await clients('add', '--id', 'none', '--redirect-uri', 'https://x.example.com/cb')).code).to.equal(2);
    expect((await clients('add', '--id', 'a:b', '--redirect-uri', 'https://x.example.com/cb', '--public')).code).to.equal(1);
  });
});

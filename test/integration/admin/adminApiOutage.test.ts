import { expect } from 'chai';
import request from 'supertest';
import { ADMIN, adminClientFlags, clientToken, expectProblem } from '../../support/adminApi';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { fastPasswordHashing } from '../../support/fastPasswordHashing';
import { PostgresDatabase } from '../../support/postgresDatabase';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import type { TcpProxy } from '../../support/tcpProxy';

/** The admin API while PostgreSQL is out of reach (behind a proxy the test cuts): 503 with Retry-After, never 500; served again once it is back. */
describe('Admin API with the store out of reach', function () {
  this.timeout(60_000);
  let database: PostgresDatabase;
  let proxy: TcpProxy;
  let cli: StoreCliBeside;
  let auth: AuthServer;
  let token: string;

  before(async () => {
    database = await PostgresDatabase.create();
    const proxied = await database.behindProxy();
    proxy = proxied.proxy;
    const config = authTestConfig({ AUTH_DATABASE_URL: proxied.url, AUTH_USER_STORE: 'database' });
    cli = await StoreCliBeside.open(config, fastPasswordHashing(config));
    const secret = await cli.addClient('ops-bot', ...adminClientFlags('admin:read', 'admin:users', 'admin:clients'));
    auth = await buildAuthServer(config, { configure: fastPasswordHashing(config) });
    token = await clientToken(auth.server, 'ops-bot', secret);
  });

  after(async () => {
    await proxy?.restore();
    await auth?.close();
    await cli?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers reads and writes 503 with Retry-After while the store is cut, and serves them once it is back', async () => {
    await request(auth.server).get(`${ADMIN}/clients`).set('Authorization', `Bearer ${token}`).expect(200);
    await proxy.cut();
    const read = await request(auth.server).get(`${ADMIN}/users`).set('Authorization', `Bearer ${token}`);
    expectProblem(read, 503, 'service-unavailable');
    expect(Number(read.headers['retry-after'])).to.be.above(0);
    const write = await request(auth.server).post(`${ADMIN}/clients`).set('Authorization', `Bearer ${token}`).send({ id: 'later', kind: 'confidential', grants: ['client_credentials'] });
    expectProblem(write, 503, 'service-unavailable');
    await proxy.restore();
    await request(auth.server).get(`${ADMIN}/users`).set('Authorization', `Bearer ${token}`).expect(200);
    expect((await request(auth.server).get(`${ADMIN}/clients/later`).set('Authorization', `Bearer ${token}`)).status, 'nothing was done while cut').to.equal(404);
  });
});

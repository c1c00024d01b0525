import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { DEVICE_GRANT } from '../../support/deviceFlow';
import { registeredClient } from '../../support/oauthClients';
import { PostgresDatabase } from '../../support/postgresDatabase';
import type { TcpProxy } from '../../support/tcpProxy';

/**
 * The device grant while the shared store is out of reach: the endpoint, the polls and the page fail
 * closed with 503 (never a code the other instances do not know, never another 5xx); served again once
 * the store is back.
 */
describe('the device authorization grant with the store out of reach', function () {
  this.timeout(60_000);
  let database: PostgresDatabase;
  let proxy: TcpProxy;
  let auth: AuthServer;

  before(async () => {
    database = await PostgresDatabase.create();
    const proxied = await database.behindProxy();
    proxy = proxied.proxy;
    auth = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: proxied.url }));
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'tv', kind: 'public', redirectUris: [], grants: [DEVICE_GRANT] }), null);
  });

  after(async () => {
    await proxy?.restore();
    await auth?.close();
    await proxy?.close();
    await database?.drop();
  });

  const start = () => request(auth.server).post('/auth/oauth/device_authorization').type('form').send({ client_id: 'tv' });
  const poll = (deviceCode: string) => request(auth.server).post('/auth/oauth/token').type('form').send({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: 'tv' });

  it('answers 503 temporarily_unavailable with Retry-After while cut, and works again once back', async () => {
    const started = await start().expect(200);
    const deviceCode = (started.body as { device_code: string }).device_code;

    await proxy.cut();
    for (const down of [await start(), await poll(deviceCode)]) {
      expect(down.status, down.text).to.equal(503);
      expect(down.body).to.include({ error: 'temporarily_unavailable' });
      expect(Number(down.headers['retry-after'])).to.be.above(0);
    }
    const page = await request(auth.server).get('/auth/oauth/device');
    expect(page.status).to.equal(200);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.text)![1];
    const cookie = String(page.headers['set-cookie']).split(';')[0];
    const answer = await request(auth.server).post('/auth/oauth/device').set('Cookie', cookie).type('form').send({ step: 'code', user_code: 'BCDF-GHJK', csrf_token: csrf });
    expect(answer.status, answer.text).to.equal(503);
    expect(answer.text).not.to.match(/at \w+ \(|Error:/);
    // As every page's store outage: the envelope's 503, nothing decided.
    expect(answer.body).to.include({ success: false, status: 503 });

    await proxy.restore();
    expect((await poll(deviceCode)).body).to.include({ error: 'authorization_pending' });
  });
});

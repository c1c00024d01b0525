import { expect } from 'chai';
import request from 'supertest';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { LogCapture } from '../../support/LogCapture';

const SERVICE = { appId: 'svc', appSecret: 'Vq3-orders-service-secret-9x2LmPz' };

/** Issue 32 item 6: InvalidGrantError(detail) logs why, and the answer never says more than invalid_grant. */
describe('a refused grant: the detail in the log, never in the answer', () => {
  const logs = new LogCapture();
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: `${SERVICE.appId}:${SERVICE.appSecret}` }), { configure: logs.configure('info') });
  });

  after(async () => {
    await auth?.close();
  });

  const refresh = (token: string) => request(auth.server).post('/auth/oauth/token').auth(SERVICE.appId, SERVICE.appSecret).type('form').send({ grant_type: 'refresh_token', refresh_token: token });

  it('an unknown and a reused refresh token answer the same invalid_grant; the log says which', async () => {
    const unknown = await refresh('n'.repeat(43)).expect(400);
    const first = (await request(auth.server).post('/auth/oauth/token').auth(SERVICE.appId, SERVICE.appSecret).type('form').send({ grant_type: 'password', username: 'admin', password: 'x' }).expect(200)).body as { refresh_token: string };
    await refresh(first.refresh_token).expect(200);
    const reused = await refresh(first.refresh_token).expect(400);
    expect(unknown.body).to.deep.equal({ error: 'invalid_grant', error_description: 'the grant is invalid, expired or revoked' });
    expect(reused.body).to.deep.equal(unknown.body);
    const refusals = logs.records().filter((record) => record.msg === 'grant refused');
    expect(refusals.map((record) => [record.code, record.detail])).to.deep.equal([
      ['INVALID_GRANT', 'unknown refresh token'],
      ['INVALID_GRANT', 'refresh token used before: its family ended'],
    ]);
    expect(refusals.every((record) => typeof record.reqId === 'string')).to.equal(true);
    expect(logs.text()).not.to.include(first.refresh_token);
  });
});

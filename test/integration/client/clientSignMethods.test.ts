import { expect } from 'chai';
import request from 'supertest';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';

const DETAILS = '/auth-client-demo/current/user/details';

describe('demo client with each sign method of the auth service', () => {
  const cases: Array<{ method: string; authEnv: Record<string, string> }> = [
    { method: 'ecdsa', authEnv: { AUTH_SIGN_METHOD: 'ecdsa', AUTH_SIGN_ALG: 'ES384' } },
    { method: 'hmac', authEnv: { AUTH_SIGN_METHOD: 'hmac', AUTH_CLIENTS: 'auth-client-demo:123456' } },
  ];

  for (const { method, authEnv } of cases) {
    describe(method, () => {
      let running: RunningAuthServer;
      const clients: ClientDemo[] = [];

      before(async () => {
        running = await startAuthServer(authEnv);
      });

      after(async () => {
        for (const client of clients) await client.close();
        await running?.auth.close();
      });

      it(`accepts ${method} tokens when configured for ${method}`, async () => {
        const client = buildTestClient({ AUTH_SERVER_URL: running.origin, AUTH_SIGN_METHOD: method });
        clients.push(client);
        expect((await client.provider.refresh()).outcome).to.equal('replaced');
        const login = await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);

        const response = await request(client.server).get(DETAILS).set('Authorization', `Bearer ${login.body.data.access_token}`).expect(200);
        expect(response.body.data.account).to.equal('admin');
      });

      it(`refuses the ${method} key when configured for rsa, and stays without a key: every token 401 (issue 11: a misfit key is a configuration error, not a wait)`, async () => {
        const client = buildTestClient({ AUTH_SERVER_URL: running.origin, AUTH_SIGN_METHOD: 'rsa' });
        clients.push(client);
        expect(await client.provider.refresh()).to.deep.equal({ outcome: 'rejected', kid: null });
        const login = await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);

        await request(client.server).get(DETAILS).set('Authorization', `Bearer ${login.body.data.access_token}`).expect(401);
      });
    });
  }
});

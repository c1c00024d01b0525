import { expect } from 'chai';
import request from 'supertest';
import { CLIENT, CLIENTS_ENV } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';

const formEncoded = (text: string) => new URLSearchParams([['', text]]).toString().slice(1);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${formEncoded(id)}:${formEncoded(secret)}`).toString('base64')}`;
const ROUTES = ['/auth/client/user/secret/key', '/auth/client/user/secret/keys'];

describe('key endpoints: Basic client authentication beside the query pair, no-store on every answer', () => {
  let server: RunningAuthServer;

  before(async () => {
    server = await startAuthServer({ AUTH_CLIENTS: CLIENTS_ENV });
  });

  after(async () => {
    await server.auth.close();
  });

  for (const route of ROUTES) {
    it(`${route}: Basic (the secret holds colons) and the query pair both give the key`, async () => {
      const byBasic = await request(server.origin).get(route).set('Authorization', basic(CLIENT.appId, CLIENT.appSecret)).expect(200);
      const byQuery = await request(server.origin).get(route).query(CLIENT).expect(200);
      expect(byBasic.body).to.deep.equal(byQuery.body);
      expect(byBasic.headers['cache-control']).to.equal('no-store');
    });

    it(`${route}: a wrong Basic secret is 401 with a Basic challenge; Basic beside the query secret is 400; every refusal is no-store`, async () => {
      const wrong = await request(server.origin).get(route).set('Authorization', basic(CLIENT.appId, 'wrong'));
      expect([wrong.status, wrong.headers['www-authenticate'], wrong.headers['cache-control']]).to.deep.equal([401, 'Basic realm="client", charset="UTF-8"', 'no-store']);
      // The query pair (the seed contract, the sign-in page's fetch) gets no challenge: a browser would open its password dialog.
      const wrongQuery = await request(server.origin).get(route).query({ appId: CLIENT.appId, appSecret: 'wrong' });
      expect([wrongQuery.status, wrongQuery.headers['www-authenticate']]).to.deep.equal([401, undefined]);
      const both = await request(server.origin).get(route).query(CLIENT).set('Authorization', basic(CLIENT.appId, CLIENT.appSecret));
      expect([both.status, both.headers['cache-control']]).to.deep.equal([400, 'no-store']);
      const unknownRoute = await request(server.origin).get(`${route}/nothing-here`);
      expect([unknownRoute.status, unknownRoute.headers['cache-control']]).to.deep.equal([404, 'no-store']);
    });
  }
});

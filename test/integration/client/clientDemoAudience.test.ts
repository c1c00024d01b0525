import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { KeyRing } from '../../../src/domain/model/KeyRing';
import { privateKeyFromText } from '../../../src/infrastructure/crypto/keyText';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../../src/interfaces/composition/types';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';

const DETAILS = '/auth-client-demo/current/user/details';
const INVALID = { success: false, status: 401, msg: 'token 解析失败！', data: null };
const ORDERS = 'https://orders.example';

/**
 * The demo client's AUTH_AUDIENCE and AUTH_ACCEPT_CLIENT_TOKENS against the real auth service: its login
 * token (no aud), and tokens signed by hand with its active key (an aud, a client's own token).
 */
describe('demo client with AUTH_AUDIENCE and AUTH_ACCEPT_CLIENT_TOKENS', () => {
  let running: RunningAuthServer;
  const clients: ClientDemo[] = [];
  let loginToken: string;
  let signed: (claims: Record<string, unknown>, typ?: string) => string;

  const demo = async (env: Record<string, string>) => {
    const client = buildTestClient({ AUTH_SERVER_URL: running.origin, ...env });
    clients.push(client);
    expect((await client.provider.refresh()).outcome).to.equal('replaced');
    return client;
  };

  before(async () => {
    running = await startAuthServer();
    loginToken = (await request(running.auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'secret' }).expect(200)).body.data
      .access_token;
    const pair = running.auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
    const key = privateKeyFromText(pair.privateKey);
    const header = JSON.parse(Buffer.from(loginToken.split('.')[0], 'base64url').toString('utf8')) as { kid: string };
    signed = (claims, typ = 'JWT') => jwt.sign(claims, key, { algorithm: 'RS256', header: { alg: 'RS256', kid: header.kid, typ } });
  });

  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await running?.auth.close();
  });

  const loginClaims = () => JSON.parse(Buffer.from(loginToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

  it('without AUTH_AUDIENCE takes the login token (no aud), as before, with clientId null', async () => {
    const client = await demo({});
    expect((await request(client.server).get(DETAILS).set('Authorization', `Bearer ${loginToken}`).expect(200)).body.data).to.include({ account: 'admin', clientId: null });
  });

  it('with AUTH_AUDIENCE refuses a token naming no listed audience (the login token, another resource) and takes one that names it', async () => {
    const client = await demo({ AUTH_AUDIENCE: `https://billing.example,${ORDERS}` });
    expect((await request(client.server).get(DETAILS).set('Authorization', `Bearer ${loginToken}`).expect(401)).body).to.deep.equal(INVALID);
    const other = signed({ ...loginClaims(), aud: 'https://other.example' });
    expect((await request(client.server).get(DETAILS).set('Authorization', `Bearer ${other}`).expect(401)).headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
    const forOrders = signed({ ...loginClaims(), aud: [ORDERS], client_id: 'web', scope: 'orders:read' }, 'at+jwt');
    expect((await request(client.server).get(DETAILS).set('Authorization', `Bearer ${forOrders}`).expect(200)).body.data).to.include({ account: 'admin', clientId: 'web' });
  });

  it('refuses a client’s own token by default and answers its client principal with AUTH_ACCEPT_CLIENT_TOKENS=true', async () => {
    const { iss, iat, exp } = loginClaims();
    const machine = signed({ sub: 'billing', client_id: 'billing', iss, iat, exp, jti: 'machine-1', aud: ORDERS }, 'at+jwt');
    const refusing = await demo({ AUTH_AUDIENCE: ORDERS });
    expect((await request(refusing.server).get(DETAILS).set('Authorization', `Bearer ${machine}`).expect(401)).body).to.deep.equal(INVALID);
    const accepting = await demo({ AUTH_AUDIENCE: ORDERS, AUTH_ACCEPT_CLIENT_TOKENS: 'true' });
    const user = (await request(accepting.server).get(DETAILS).set('Authorization', `Bearer ${machine}`).expect(200)).body.data as Record<string, unknown>;
    expect(Object.entries(user).filter(([, value]) => value !== null)).to.deep.equal([['clientId', 'billing']]);
  });
});

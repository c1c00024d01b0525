import { expect } from 'chai';
import request from 'supertest';
import type { ClientAttempt, ClientSecretGuard } from '../../../src/application/clients/ClientSecretGuard';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { basic } from '../../support/oauthTestHttp';

const REVOKE = '/auth/oauth/revoke';
const TOKEN = '/auth/oauth/token';

/**
 * The revocation endpoint authenticates the client once, at the edge, as the token and introspection
 * endpoints do: every secret check of the shared guard is counted, so a second check anywhere (the use
 * case authenticating again) would show as two per request.
 */
describe('RFC 7009 revocation endpoint: the client is authenticated once per request', () => {
  let auth: AuthServer;
  const checked: string[] = [];

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc:s3cret', AUTH_LOGIN_MAX_ATTEMPTS: '1000' }), {
      configure: (container) =>
        container.onActivation<ClientSecretGuard>(TYPES.ClientSecretGuard, (_context, guard) => {
          const check = guard.check.bind(guard);
          guard.check = (attempt: ClientAttempt, appId: string, appSecret: string) => {
            checked.push(appId);
            return check(attempt, appId, appSecret);
          };
          return guard;
        }),
    });
  });
  after(() => auth?.close());

  const clientToken = async () =>
    (await request(auth.server).post(TOKEN).set('Authorization', basic('svc', 's3cret')).type('form').send({ grant_type: 'client_credentials' }).expect(200)).body
      .access_token as string;

  it('checks a right secret once, then revokes the client’s token', async () => {
    const token = await clientToken();
    checked.length = 0;
    await request(auth.server).post(REVOKE).set('Authorization', basic('svc', 's3cret')).type('form').send({ token }).expect(200);
    expect(checked).to.deep.equal(['svc']);
    await request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('checks a wrong secret once and refuses it as invalid_client, revoking nothing', async () => {
    const token = await clientToken();
    checked.length = 0;
    const refused = await request(auth.server).post(REVOKE).type('form').send({ token, client_id: 'svc', client_secret: 'guess' }).expect(400);
    expect(refused.body).to.deep.equal({ error: 'invalid_client', error_description: 'client authentication failed' });
    expect(checked).to.deep.equal(['svc']);
    await request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('checks no secret for a sign-out by the token itself', async () => {
    const login = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
    const token = login.body.data.access_token as string;
    checked.length = 0;
    await request(auth.server).post(REVOKE).set('Authorization', `Bearer ${token}`).type('form').send({ token }).expect(200);
    expect(checked).to.deep.equal([]);
  });
});

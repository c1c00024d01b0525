import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createTokenMiddleware, currentUserOf } from '@auth-service/client';
import { createTestIssuer } from '@auth-service/client/testing';

describe('orders service (the auth service swapped out by the test kit)', () => {
  const issuer = createTestIssuer();
  const guard = createTokenMiddleware({ ...issuer.verifierOptions(), passList: ['/health'] });
  const app = express();
  app.use(guard.middleware);
  app.get('/orders', (_req, res) => {
    res.json({ owner: currentUserOf(res)?.account });
  });
  app.get('/me', (_req, res) => {
    res.json(currentUserOf(res));
  });

  before(() => guard.start());
  after(() => guard.stop());

  it('serves the user of a valid token', async () => {
    const token = issuer.sign({ account: 'alice', userId: '42' });
    const response = await request(app).get('/orders').set('Authorization', `Bearer ${token}`).expect(200);
    expect(response.body).to.deep.equal({ owner: 'alice' });
  });

  it('serves the user of a registered client’s token granted no profile: id from sub, no account', async () => {
    const token = issuer.sign({ account: undefined, nickName: undefined, userId: undefined, userType: undefined, sub: '42', client_id: 'web' }, { typ: 'at+jwt' });
    const me = (await request(app).get('/me').set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(me).to.include({ id: '42', clientId: 'web', account: null, nickName: null, userType: null });
  });

  it('refuses an expired token with 401 and WWW-Authenticate', async () => {
    const token = issuer.sign({ account: 'alice' }, { expired: true });
    const response = await request(app).get('/orders').set('Authorization', `Bearer ${token}`).expect(401);
    expect(response.headers['www-authenticate']).to.match(/^Bearer error="invalid_token"/);
    expect(response.body.code).to.equal('TOKEN_EXPIRED');
  });

  it('refuses a request without a token', async () => {
    await request(app).get('/orders').expect(401).expect('WWW-Authenticate', 'Bearer');
  });
});

import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createTokenMiddleware, currentUserOf, requireScopes, tokenOf } from '@auth-service/client';
import { createTestIssuer } from '@auth-service/client/testing';

describe('orders service: tokens for this service only, writes need orders:write', () => {
  const issuer = createTestIssuer();
  const guard = createTokenMiddleware({
    ...issuer.verifierOptions(),
    audience: 'https://orders.example', // this service's resource, as registered at the auth service
    acceptClientTokens: true, // other services call it with their client_credentials tokens
  });
  const app = express();
  app.use(guard.middleware);
  app.get('/orders', (_req, res) => {
    res.json({ owner: currentUserOf(res)?.account });
  });
  app.post('/orders', requireScopes('orders:write'), (_req, res) => {
    const token = tokenOf(res);
    res.status(201).json({ by: token?.kind === 'client' ? token.clientId : token?.user.account });
  });

  before(() => guard.start());
  after(() => guard.stop());

  it('refuses a token issued for another service', async () => {
    const token = issuer.sign({ aud: 'https://billing.example', scope: 'orders:write' }, { typ: 'at+jwt' });
    await request(app).get('/orders').set('Authorization', `Bearer ${token}`).expect(401).expect('WWW-Authenticate', 'Bearer error="invalid_token"');
  });

  it('lets a user read, and answers 403 insufficient_scope to a write without orders:write', async () => {
    const token = issuer.sign({ account: 'alice', aud: 'https://orders.example', scope: 'orders:read' }, { typ: 'at+jwt' });
    await request(app).get('/orders').set('Authorization', `Bearer ${token}`).expect(200, { owner: 'alice' });
    const refused = await request(app).post('/orders').set('Authorization', `Bearer ${token}`).expect(403);
    expect(refused.headers['www-authenticate']).to.equal('Bearer error="insufficient_scope", scope="orders:write"');
    expect(refused.body.error).to.equal('insufficient_scope');
  });

  it('takes a write from another service’s client_credentials token with orders:write', async () => {
    const token = issuer.signClientToken('billing', { aud: 'https://orders.example', scope: 'orders:write' });
    await request(app).post('/orders').set('Authorization', `Bearer ${token}`).expect(201, { by: 'billing' });
  });
});

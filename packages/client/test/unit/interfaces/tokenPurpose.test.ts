import 'reflect-metadata';
import { expect } from 'chai';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Container } from 'inversify';
import request from 'supertest';
import { ConfigError, createTokenMiddleware, createVerifier, currentUserOf, requireScopes, tokenOf, type TokenMiddlewareOptions } from '../../../src/index';
import { CLIENT_TYPES, clientModule, type TokenInterceptor } from '../../../src/inversify';
import { createTestIssuer } from '../../../src/testing';

const ORDERS = 'https://orders.example';
const BILLING = 'https://billing.example';
const CHALLENGE = 'Bearer error="insufficient_scope", scope="orders:read orders:write"';

describe('the library checks purpose: audience, scopes, clients’ own tokens (plain express on the test kit)', () => {
  const issuer = createTestIssuer();
  const guards: { stop(): Promise<void> }[] = [];

  /** A started middleware in a plain express app: /orders needs orders:read and orders:write, /me answers the user and token. */
  async function appWith(options: Partial<TokenMiddlewareOptions> = {}): Promise<express.Application> {
    const guard = createTokenMiddleware({ ...issuer.verifierOptions(), passList: ['/open/**'], ...options });
    guards.push(guard);
    await guard.start();
    return express()
      .use(guard.middleware)
      .get('/orders', requireScopes('orders:read', 'orders:write'), (_req, res) => {
        res.json({ owner: currentUserOf(res)?.account ?? null, client: tokenOf(res)?.clientId ?? null });
      })
      .get('/me', (_req, res) => {
        const token = tokenOf(res);
        res.json({ user: currentUserOf(res), kind: token?.kind, subject: token?.subject, clientId: token?.clientId, scopes: token?.scopes, audience: token?.audience });
      })
      .get('/open/orders', requireScopes('orders:read'), (_req, res) => {
        res.json({ reached: true });
      });
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  afterEach(async () => {
    await Promise.all(guards.splice(0).map((guard) => guard.stop()));
  });

  describe('audience', () => {
    it('unset: tokens with any aud or none pass, as before', async () => {
      const app = await appWith();
      for (const aud of [undefined, BILLING, [BILLING, ORDERS]]) {
        await request(app).get('/me').set(bearer(issuer.sign(aud === undefined ? {} : { aud }))).expect(200);
      }
    });

    it('set to one audience: a token naming it passes; another aud, a near miss or none is 401 invalid_token', async () => {
      const app = await appWith({ audience: ORDERS });
      expect((await request(app).get('/me').set(bearer(issuer.sign({ aud: ORDERS }))).expect(200)).body.audience).to.deep.equal([ORDERS]);
      for (const aud of [undefined, BILLING, `${ORDERS}/`, [BILLING]]) {
        const refused = await request(app).get('/me').set(bearer(issuer.sign(aud === undefined ? {} : { aud }))).expect(401);
        expect(refused.headers['www-authenticate'], JSON.stringify(aud)).to.equal('Bearer error="invalid_token"');
        expect(refused.body).to.deep.equal({ error: 'invalid_token', code: 'TOKEN_INVALID', message: 'token audience not accepted' });
      }
    });

    it('set to a list: a token whose aud (string or array) names any of them passes', async () => {
      const app = await appWith({ audience: [BILLING, ORDERS] });
      await request(app).get('/me').set(bearer(issuer.sign({ aud: ORDERS }))).expect(200);
      await request(app).get('/me').set(bearer(issuer.sign({ aud: ['https://other.example', BILLING] }))).expect(200);
      await request(app).get('/me').set(bearer(issuer.sign({ aud: ['https://other.example'] }))).expect(401);
    });

    it('refuses a bad audience option with a ConfigError naming it', () => {
      expect(() => createTokenMiddleware({ ...issuer.verifierOptions(), audience: [] })).to.throw(ConfigError, /audience must be a non-empty string/);
    });
  });

  describe('requireScopes', () => {
    it('lets a token with every required scope through (more scopes are fine)', async () => {
      const app = await appWith();
      const token = issuer.sign({ account: 'alice', scope: 'openid orders:write orders:read' });
      expect((await request(app).get('/orders').set(bearer(token)).expect(200)).body).to.deep.equal({ owner: 'alice', client: null });
    });

    it('answers 403 insufficient_scope naming every required scope, for one missing scope or none at all', async () => {
      const app = await appWith();
      for (const scope of [undefined, 'orders:read', 'orders:read orders:writer', 'ORDERS:READ ORDERS:WRITE']) {
        const token = issuer.sign(scope === undefined ? {} : { scope });
        const refused = await request(app).get('/orders').set(bearer(token)).expect(403);
        expect(refused.headers['www-authenticate'], String(scope)).to.equal(CHALLENGE);
        expect(refused.body).to.deep.equal({ error: 'insufficient_scope', code: 'INSUFFICIENT_SCOPE', message: 'the token lacks a scope this route requires' });
      }
    });

    it('answers 401 like a missing token where no token check ran (before the token middleware, or a pass-list path)', async () => {
      const bare = express().get('/orders', requireScopes('orders:read'), (_req, res) => {
        res.json({ reached: true });
      });
      const token = issuer.sign({ scope: 'orders:read' });
      for (const app of [bare, await appWith()]) {
        const path = app === bare ? '/orders' : '/open/orders';
        const refused = await request(app).get(path).set(bearer(token)).expect(401);
        expect(refused.headers['www-authenticate']).to.equal('Bearer');
        expect(refused.body).to.deep.equal({ error: 'invalid_request', code: 'TOKEN_MISSING', message: 'no bearer token' });
      }
    });

    it('refuses no scope, an empty one, or one that cannot be a scope token, naming them', () => {
      expect(() => requireScopes()).to.throw(ConfigError, 'requireScopes needs at least one scope');
      try {
        requireScopes('ok', '', 'a b', 'say "hi"');
        expect.fail('expected a ConfigError');
      } catch (error) {
        expect((error as ConfigError).problems).to.deep.equal([
          'requireScopes: "" is not a scope token (RFC 6749 §3.3)',
          'requireScopes: "a b" is not a scope token (RFC 6749 §3.3)',
          'requireScopes: "say \\"hi\\"" is not a scope token (RFC 6749 §3.3)',
        ]);
      }
    });
  });

  describe('clients’ own tokens (client_credentials) and the client id', () => {
    it('refuses a client token by default (401: it names no user)', async () => {
      const app = await appWith();
      const refused = await request(app).get('/me').set(bearer(issuer.signClientToken('billing', { scope: 'orders:read' }))).expect(401);
      expect(refused.body).to.deep.equal({ error: 'invalid_token', code: 'TOKEN_INVALID', message: 'a client token names no user' });
    });

    it('accepts it when the app opts in, as a client principal (id and every user field null, clientId the client)', async () => {
      const app = await appWith({ acceptClientTokens: true, audience: ORDERS });
      const token = issuer.signClientToken('billing', { scope: 'orders:read orders:write', aud: ORDERS });
      const me = (await request(app).get('/me').set(bearer(token)).expect(200)).body;
      expect(me).to.deep.include({ kind: 'client', subject: 'billing', clientId: 'billing', scopes: ['orders:read', 'orders:write'], audience: [ORDERS] });
      expect(Object.entries(me.user).filter(([, value]) => value !== null)).to.deep.equal([['clientId', 'billing']]);
      expect((await request(app).get('/orders').set(bearer(token)).expect(200)).body).to.deep.equal({ owner: null, client: 'billing' });
      const narrow = issuer.signClientToken('billing', { scope: 'orders:read', aud: ORDERS });
      expect((await request(app).get('/orders').set(bearer(narrow)).expect(403)).headers['www-authenticate']).to.equal(CHALLENGE);
      await request(app).get('/me').set(bearer(issuer.signClientToken('billing', { aud: BILLING }))).expect(401);
      await request(app).get('/me').set(bearer(issuer.signClientToken('billing', { aud: ORDERS }, { expired: true }))).expect(401);
    });

    it('still takes user tokens when it accepts client tokens', async () => {
      const app = await appWith({ acceptClientTokens: true });
      const me = (await request(app).get('/me').set(bearer(issuer.sign({ account: 'alice', client_id: 'web' }))).expect(200)).body;
      expect(me).to.deep.include({ kind: 'user', clientId: 'web' });
      expect(me.user).to.include({ account: 'alice', clientId: 'web' });
    });

    it('gives the current user the client_id of its token, null without one', async () => {
      const app = await appWith();
      expect((await request(app).get('/me').set(bearer(issuer.sign({ client_id: 'web' }))).expect(200)).body.user.clientId).to.equal('web');
      expect((await request(app).get('/me').set(bearer(issuer.sign())).expect(200)).body.user.clientId).to.equal(null);
    });

    it('takes an RFC 9068 user token as the auth service’s OAuth endpoints issue it (typ at+jwt, aud, scope, client_id)', async () => {
      const app = await appWith({ audience: ORDERS });
      const token = issuer.sign({ account: 'alice', userId: '42', client_id: 'web', aud: ORDERS, scope: 'orders:read orders:write' }, { typ: 'at+jwt' });
      expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'))).to.include({ typ: 'at+jwt' });
      expect((await request(app).get('/orders').set(bearer(token)).expect(200)).body).to.deep.equal({ owner: 'alice', client: 'web' });
    });
  });

  describe('createVerifier and the inversify module', () => {
    it('verifyToken resolves scopes, audience and client id; verify still the user alone', async () => {
      const verifier = createVerifier({ ...issuer.verifierOptions(), audience: ORDERS, acceptClientTokens: true });
      guards.push(verifier);
      await verifier.start();
      const token = issuer.sign({ account: 'alice', client_id: 'web', aud: [ORDERS], scope: 'a b' });
      expect(await verifier.verifyToken(token)).to.deep.include({ kind: 'user', subject: '1', clientId: 'web', scopes: ['a', 'b'], audience: [ORDERS] });
      expect(await verifier.verify(token)).to.deep.equal((await verifier.verifyToken(token)).user);
      expect(await verifier.verifyToken(issuer.signClientToken('billing', { aud: ORDERS }))).to.deep.include({ kind: 'client', clientId: 'billing', scopes: [] });
    });

    it('clientModule passes audience and acceptClientTokens on; its interceptor leaves the token for requireScopes', async () => {
      const container = new Container();
      container.load(clientModule({ ...issuer.verifierOptions(), audience: ORDERS, acceptClientTokens: true }));
      const interceptor = container.get<TokenInterceptor>(CLIENT_TYPES.TokenInterceptor);
      const provider = container.get<{ start(): Promise<unknown>; stop(): Promise<void> }>(CLIENT_TYPES.PublicKeyProvider);
      guards.push(provider);
      await provider.start();
      const app = express()
        .use(interceptor.handler)
        .get('/orders', requireScopes('orders:read'), (_req, res) => {
          res.json({ client: tokenOf(res)?.clientId });
        })
        .use((error: { code?: string }, _req: Request, res: Response, _next: NextFunction) => {
          res.status(401).json({ code: error.code });
        });
      const good = issuer.signClientToken('billing', { aud: ORDERS, scope: 'orders:read' });
      expect((await request(app).get('/orders').set(bearer(good)).expect(200)).body).to.deep.equal({ client: 'billing' });
      await request(app).get('/orders').set(bearer(issuer.signClientToken('billing', { aud: ORDERS }))).expect(403);
      expect((await request(app).get('/orders').set(bearer(issuer.signClientToken('billing', { aud: BILLING, scope: 'orders:read' }))).expect(401)).body).to.deep.equal({ code: 'TOKEN_INVALID' });
    });
  });
});

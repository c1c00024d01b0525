import { expect } from 'chai';
import express, { type Express } from 'express';
import request from 'supertest';
import { createTokenMiddleware, tokenOf, type TokenMiddleware } from '../../../src/index';
import { createTestIssuer } from '../../../src/testing';
import { dpopKey, dpopProof, type DpopKey } from '../../support/dpopProofs';

const HOST = 'orders.example';
const URL_ORDERS = `http://${HOST}/api/orders`;
const ALGS = 'algs="ES256 PS256 RS256 EdDSA"';

describe('the express middleware and DPoP-bound tokens (RFC 9449): accepted only with a valid proof of the bound key', () => {
  const issuer = createTestIssuer();
  let key: DpopKey;
  let otherKey: DpopKey;
  let guard: TokenMiddleware;
  let app: Express;
  let bound: string;

  before(async () => {
    key = await dpopKey('ES256');
    otherKey = await dpopKey('ES256');
    guard = createTokenMiddleware(issuer.verifierOptions());
    await guard.start();
    app = express();
    const api = express.Router();
    api.use(guard.middleware);
    api.all('/orders', (_req, res) => {
      res.json({ subject: tokenOf(res)?.subject });
    });
    app.use('/api', api);
    bound = issuer.sign({ userId: '7', cnf: { jkt: key.jkt } });
  });

  after(() => guard.stop());

  const get = (authorization: string, proof?: string, path = '/api/orders?page=2') => {
    const call = request(app).get(path).set('Host', HOST).set('Authorization', authorization);
    return proof === undefined ? call : call.set('DPoP', proof);
  };
  const refusedProof = async (proof: string, why: RegExp) => {
    const res = await get(`DPoP ${bound}`, proof).expect(401);
    expect(res.headers['www-authenticate']).to.match(/^DPoP error="invalid_dpop_proof", error_description="[^"]+", algs="ES256 PS256 RS256 EdDSA"$/);
    expect(res.body).to.include({ error: 'invalid_dpop_proof', code: 'DPOP_PROOF_INVALID' });
    expect(res.body.message).to.match(why);
  };

  it('accepts a bound token with the DPoP scheme and a valid proof for this request (query ignored in htu)', async () => {
    const res = await get(`DPoP ${bound}`, await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound })).expect(200);
    expect(res.body).to.deep.equal({ subject: '7' });
  });

  it('accepts proofs of every pinned algorithm: PS256, RS256, EdDSA', async () => {
    for (const alg of ['PS256', 'RS256', 'EdDSA'] as const) {
      const other = await dpopKey(alg);
      const token = issuer.sign({ cnf: { jkt: other.jkt } });
      await get(`DPoP ${token}`, await dpopProof(other, { method: 'GET', url: URL_ORDERS, token })).expect(200);
    }
  });

  it('refuses a bound token presented as Bearer, even with a valid proof, with the DPoP invalid_token challenge', async () => {
    const res = await get(`Bearer ${bound}`, await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound })).expect(401);
    expect(res.headers['www-authenticate']).to.equal(`DPoP error="invalid_token", error_description="the token is DPoP-bound: present it with the DPoP scheme and a proof", ${ALGS}`);
    expect(res.body).to.include({ error: 'invalid_token', code: 'TOKEN_INVALID' });
  });

  it('refuses an unbound token presented with the DPoP scheme; keeps accepting it as Bearer', async () => {
    const plain = issuer.sign();
    const res = await get(`DPoP ${plain}`, await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: plain })).expect(401);
    expect(res.headers['www-authenticate']).to.equal(`DPoP error="invalid_token", error_description="the token is not DPoP-bound: present it with the Bearer scheme", ${ALGS}`);
    await get(`Bearer ${plain}`).expect(200);
  });

  it('refuses a bound token without a proof, or with two', async () => {
    const none = await get(`DPoP ${bound}`).expect(401);
    expect(none.body.message).to.equal('the request has no DPoP proof');
    const proof = await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound });
    const res = await request(app).get('/api/orders').set('Host', HOST).set('Authorization', `DPoP ${bound}`).set('DPoP', `${proof}, ${proof}`).expect(401);
    expect(res.body.message).to.match(/more than one DPoP proof/);
  });

  it('refuses a proof for another method (htm), another URL (htu) or another token (ath)', async () => {
    await refusedProof(await dpopProof(key, { method: 'POST', url: URL_ORDERS, token: bound }), /htm/);
    await refusedProof(await dpopProof(key, { method: 'GET', url: `http://${HOST}/api/invoices`, token: bound }), /htu/);
    await refusedProof(await dpopProof(key, { method: 'GET', url: `https://${HOST}/api/orders`, token: bound }), /htu/);
    await refusedProof(await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: issuer.sign() }), /ath/);
    await refusedProof(await dpopProof(key, { method: 'GET', url: URL_ORDERS }), /ath/);
  });

  it('refuses a proof signed by another key than the token is bound to (jkt)', async () => {
    await refusedProof(await dpopProof(otherKey, { method: 'GET', url: URL_ORDERS, token: bound }), /another key/);
  });

  it('refuses a proof of another type, of an algorithm not pinned, or carrying a private key', async () => {
    await refusedProof(await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound, header: { typ: 'JWT' } }), /dpop\+jwt/);
    const hs = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'dpop+jwt', jwk: key.publicJwk })).toString('base64url');
    await refusedProof(`${hs}.${Buffer.from('{}').toString('base64url')}.c2ln`, /algorithm/);
    await refusedProof(await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound, header: { jwk: key.privateJwk } }), /private/);
  });

  it('refuses a proof issued more than 60 s ago or ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    await refusedProof(await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound, iat: now - 120 }), /iat/);
    await refusedProof(await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound, iat: now + 120 }), /iat/);
  });

  it('refuses a proof used before (replay of its jti)', async () => {
    const proof = await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: bound });
    await get(`DPoP ${bound}`, proof).expect(200);
    await refusedProof(proof, /used before/);
  });

  it('answers an expired bound token with the DPoP invalid_token challenge', async () => {
    const expired = issuer.sign({ cnf: { jkt: key.jkt } }, { expired: true });
    const res = await get(`DPoP ${expired}`, await dpopProof(key, { method: 'GET', url: URL_ORDERS, token: expired })).expect(401);
    expect(res.headers['www-authenticate']).to.equal(`DPoP error="invalid_token", error_description="The access token expired", ${ALGS}`);
  });

  it('checks htu against the URL the client addressed behind a trusted proxy (X-Forwarded-Proto and -Host)', async () => {
    const proxied = express();
    proxied.set('trust proxy', 'loopback');
    proxied.use(guard.middleware);
    proxied.get('/orders', (_req, res) => {
      res.json({ ok: true });
    });
    const call = async (url: string) =>
      request(proxied)
        .get('/orders')
        .set('Host', 'internal:8080')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-Host', 'shop.example, proxy.internal')
        .set('Authorization', `DPoP ${bound}`)
        .set('DPoP', await dpopProof(key, { method: 'GET', url, token: bound }));
    expect((await call('https://shop.example/orders')).status).to.equal(200);
    expect((await call('http://internal:8080/orders')).status).to.equal(401);
    const untrusting = express();
    untrusting.use(guard.middleware);
    untrusting.get('/orders', (_req, res) => {
      res.json({ ok: true });
    });
    const direct = await request(untrusting)
      .get('/orders')
      .set('Host', 'internal:8080')
      .set('X-Forwarded-Host', 'shop.example')
      .set('Authorization', `DPoP ${bound}`)
      .set('DPoP', await dpopProof(key, { method: 'GET', url: 'http://internal:8080/orders', token: bound }));
    expect(direct.status).to.equal(200);
  });

  it('hands every proof error to onError when the app answers itself', async () => {
    const seen: string[] = [];
    const own = createTokenMiddleware({
      ...issuer.verifierOptions(),
      onError: (error, req, res) => {
        // The suite's response check may ask the app for an API document too: only the two requests below count.
        if (req.path === '/x') seen.push(error.code);
        res.status(418).end();
      },
    });
    await own.start();
    const custom = express();
    custom.use(own.middleware);
    await request(custom).get('/x').set('Authorization', `DPoP ${bound}`).expect(418);
    await request(custom).get('/x').set('Authorization', `Bearer ${bound}`).expect(418);
    expect(seen).to.deep.equal(['DPOP_PROOF_INVALID', 'TOKEN_INVALID']);
    await own.stop();
  });
});

import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import {
  ConfigError,
  createTokenMiddleware,
  createVerifier,
  isUnavailable,
  KeyUnavailableError,
  TokenExpiredError,
  TokenInvalidError,
  TokenMissingError,
  TokenRevokedError,
  VerificationUnavailableError,
  type RevocationFeedAnswer,
} from '@auth-service/client';
import { createTestIssuer } from '@auth-service/client/testing';
import { ordersServer } from '../examples/nodeHttpServer';

// One throwaway key pair each, made once per file (RSA generation costs 100-300 ms, and the mutation run
// reruns these tests for every mutant they reach); every test builds its own verifier.
const issuer = createTestIssuer();
const stranger = createTestIssuer();

describe('createVerifier (framework-free core)', () => {

  it('cannot decide before the first key: KeyUnavailableError, marked unavailable; health DOWN, then UP', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    const error = await verifier.verify(issuer.sign()).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(KeyUnavailableError).and.instanceOf(VerificationUnavailableError);
    expect(error).to.include({ code: 'KEY_UNAVAILABLE' });
    expect(isUnavailable(error)).to.equal(true);
    expect(verifier.health().status).to.equal('DOWN');
    await verifier.start();
    expect(verifier.health().status).to.equal('UP');
    await verifier.stop();
  });

  it('has asked for its revocations when start() resolves: a revoked token is refused from the first request', async () => {
    const revoked = issuer.sign({ jti: 'revoked-before-start' });
    let answer!: (feed: RevocationFeedAnswer) => void;
    const feed = new Promise<RevocationFeedAnswer>((resolve) => (answer = resolve));
    const options = issuer.verifierOptions();
    const verifier = createVerifier({ ...options, sources: { ...options.sources, revocationFeed: { fetch: () => feed } } });
    let started = false;
    const starting = verifier.start().then(() => (started = true));
    // The key fetch of the test issuer answers at once: everything but the feed has run by the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started, 'start() waits for the feed').to.equal(false);
    answer({ kind: 'entries', entries: { subjects: [], tokens: [{ jti: 'revoked-before-start', expiresAt: Math.floor(Date.now() / 1000) + 300 }] }, etag: null });
    await starting;
    const error = await verifier.verify(revoked).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(TokenRevokedError);
    await verifier.stop();
  });

  it('verifies a header or a bare token into the 27-field current user; refuses with typed errors and stable codes', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    await verifier.start();
    const token = issuer.sign({ account: 'alice', userId: '42', nickName: 'Alice' });
    const user = await verifier.verify(`Bearer ${token}`);
    expect(user).to.include({ id: '42', account: 'alice', nickName: 'Alice' });
    expect(Object.keys(user)).to.have.length(27);
    expect(await verifier.verify(token)).to.deep.equal(user);
    const failures = await Promise.all(
      [undefined, `Basic ${token}`, issuer.sign({}, { expired: true }), 'a.b.c', stranger.sign()].map((input) =>
        verifier.verify(input).then(
          () => null,
          (caught: unknown) => caught,
        ),
      ),
    );
    // Another scheme is no bearer token at all.
    for (const failure of failures.slice(0, 2)) expect(failure).to.be.instanceOf(TokenMissingError).and.include({ code: 'TOKEN_MISSING' });
    expect(failures[2]).to.be.instanceOf(TokenExpiredError).and.include({ code: 'TOKEN_EXPIRED' });
    for (const failure of failures.slice(3)) expect(failure).to.be.instanceOf(TokenInvalidError).and.include({ code: 'TOKEN_INVALID' });
    expect(failures.some((failure) => isUnavailable(failure))).to.equal(false);
    await verifier.stop();
  });

  it('names every bad option in one ConfigError', () => {
    expect(() => createVerifier({ authServerUrl: 'nope', appId: '', appSecret: '', fetchTimeoutMs: 0, passList: ['no-slash'] }))
      .to.throw(ConfigError)
      .with.property('problems')
      .that.has.length(5);
  });
});

describe('createTokenMiddleware default answers', () => {
  it('answers 503 with Retry-After while it cannot decide, 401 with WWW-Authenticate after', async () => {
    const guard = createTokenMiddleware(issuer.verifierOptions());
    const app = express().use(guard.middleware).get('/x', (_req, res) => {
      res.json({});
    });
    const early = await request(app).get('/x').set('Authorization', `Bearer ${issuer.sign()}`).expect(503);
    expect(early.headers['retry-after']).to.equal('60');
    expect(early.body).to.include({ code: 'KEY_UNAVAILABLE' });
    await guard.start();
    await request(app).get('/x').set('Authorization', `Bearer ${issuer.sign()}`).expect(200);
    await request(app).get('/x').set('Authorization', 'Bearer a.b.c').expect(401).expect('WWW-Authenticate', 'Bearer error="invalid_token"');
    await guard.stop();
  });

  it('lets the app answer in its own format through onError', async () => {
    const guard = createTokenMiddleware({
      ...issuer.verifierOptions(),
      onError: (error, _req, res) => {
        res.status(isUnavailable(error) ? 503 : 401).json({ ok: false, reason: error.code });
      },
    });
    const app = express().use(guard.middleware);
    await guard.start();
    expect((await request(app).get('/x').expect(401)).body).to.deep.equal({ ok: false, reason: 'TOKEN_MISSING' });
    await guard.stop();
  });
});

describe('README: the plain node:http example (examples/nodeHttpServer.ts)', () => {
  it('serves the owner of a valid token, 401 without one, 503 before the first key', async () => {
    const verifier = createVerifier(issuer.verifierOptions());
    const server = ordersServer(verifier).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const headers = { Authorization: `Bearer ${issuer.sign({ account: 'bob' })}` };
      const early = await fetch(origin, { headers });
      expect(early.status).to.equal(503);
      expect(early.headers.get('retry-after')).to.equal('60');
      await verifier.start();
      expect(await (await fetch(origin, { headers })).json()).to.deep.equal({ owner: 'bob' });
      const refused = await fetch(origin);
      expect(refused.status).to.equal(401);
      expect(await refused.json()).to.deep.equal({ code: 'TOKEN_MISSING' });
    } finally {
      await verifier.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

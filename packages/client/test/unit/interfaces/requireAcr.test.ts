import { expect } from 'chai';
import express, { type Express } from 'express';
import request from 'supertest';
import {
  ACR_LEVELS,
  ConfigError,
  InsufficientUserAuthenticationError,
  checkAcr,
  createTokenMiddleware,
  requireAcr,
  tokenErrorAnswer,
  type TokenMiddleware,
  type VerifiedToken,
} from '../../../src/index';
import { createTestIssuer } from '../../../src/testing';
import { dpopKey, dpopProof } from '../../support/dpopProofs';
import { FixedClock } from '../../support/FixedClock';
import { errorOf } from '../../support/refusals';

const [PASSWORD, MFA, PHISHING_RESISTANT] = ACR_LEVELS;
const NOW = Date.parse('2026-03-01T12:00:00Z') / 1000;

function tokenWith(claims: Record<string, unknown>): VerifiedToken {
  return { kind: 'user', user: {} as VerifiedToken['user'], subject: '1', clientId: null, scopes: [], audience: [], claims };
}

describe('requireAcr and checkAcr: step-up by authentication level and age (RFC 9470)', () => {
  const clock = new FixedClock(new Date(NOW * 1000));

  it('publishes the auth service levels, weakest first', () => {
    expect(ACR_LEVELS).to.deep.equal(['urn:auth-service:acr:password', 'urn:auth-service:acr:mfa', 'urn:auth-service:acr:phishing-resistant']);
    expect(Object.isFrozen(ACR_LEVELS)).to.equal(true);
  });

  it('is met by the required level or a higher one', () => {
    expect(() => checkAcr(tokenWith({ acr: MFA }), MFA, { clock })).not.to.throw();
    expect(() => checkAcr(tokenWith({ acr: PHISHING_RESISTANT }), MFA, { clock })).not.to.throw();
    expect(() => checkAcr(tokenWith({ acr: PASSWORD }), PASSWORD)).not.to.throw();
  });

  it('is not met by a lower level, an unknown level, or no acr; naming the required level only', () => {
    for (const acr of [PASSWORD, 'urn:other:acr:gold', undefined, 3]) {
      const error = errorOf(() => checkAcr(tokenWith({ acr }), MFA, { clock })) as InsufficientUserAuthenticationError;
      expect(error, String(acr)).to.be.instanceOf(InsufficientUserAuthenticationError);
      expect(error).to.include({ code: 'INSUFFICIENT_USER_AUTHENTICATION', acrValues: MFA, maxAge: undefined, message: 'A different authentication level is required' });
    }
  });

  it('with maxAge, is met by a sign-in at most that many seconds ago and not by an older one or one without auth_time', () => {
    expect(() => checkAcr(tokenWith({ acr: MFA, auth_time: NOW - 300 }), MFA, { maxAge: 300, clock })).not.to.throw();
    expect(() => checkAcr(tokenWith({ acr: MFA, auth_time: NOW + 5 }), MFA, { maxAge: 0, clock })).not.to.throw();
    for (const authTime of [NOW - 301, undefined, String(NOW)]) {
      const error = errorOf(() => checkAcr(tokenWith({ acr: MFA, auth_time: authTime }), MFA, { maxAge: 300, clock })) as InsufficientUserAuthenticationError;
      expect(error, String(authTime)).to.include({ acrValues: MFA, maxAge: 300, message: 'More recent authentication is required' });
    }
  });

  it('takes a service’s own ordered levels', () => {
    const levels = ['bronze', 'silver', 'gold'];
    expect(() => checkAcr(tokenWith({ acr: 'gold' }), 'silver', { levels })).not.to.throw();
    expect(errorOf(() => checkAcr(tokenWith({ acr: 'bronze' }), 'silver', { levels }))).to.be.instanceOf(InsufficientUserAuthenticationError);
  });

  it('refuses a requirement that can never be met, or a maxAge that is not whole seconds, naming both', () => {
    const error = errorOf(() => requireAcr('urn:auth-service:acr:gold', { maxAge: -1 })) as ConfigError;
    expect(error).to.be.instanceOf(ConfigError);
    expect(error.message).to.include(`"urn:auth-service:acr:gold" is not one of the levels ${PASSWORD}, ${MFA}, ${PHISHING_RESISTANT}`).and.to.include('maxAge must be a whole number');
    for (const maxAge of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => checkAcr(tokenWith({}), MFA, { maxAge })).to.throw(ConfigError, /maxAge/);
    expect(() => requireAcr(MFA, { maxAge: 0 })).not.to.throw();
    expect(() => requireAcr(PASSWORD, { levels: ['a'] })).to.throw(ConfigError, /is not one of the levels a$/);
  });

  it('answers 401 insufficient_user_authentication with acr_values, and max_age when the sign-in was too old', () => {
    expect(tokenErrorAnswer(new InsufficientUserAuthenticationError(MFA, undefined, 'A different authentication level is required'))).to.deep.equal({
      status: 401,
      headers: { 'WWW-Authenticate': `Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="${MFA}"` },
      body: { error: 'insufficient_user_authentication', code: 'INSUFFICIENT_USER_AUTHENTICATION', message: 'A different authentication level is required' },
    });
    expect(tokenErrorAnswer(new InsufficientUserAuthenticationError(MFA, 60, 'More recent authentication is required'))?.headers).to.deep.equal({
      'WWW-Authenticate': `Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", acr_values="${MFA}", max_age=60`,
    });
  });

  describe('as express middleware after the token middleware', () => {
    const issuer = createTestIssuer();
    let guard: TokenMiddleware;
    let app: Express;

    before(async () => {
      guard = createTokenMiddleware(issuer.verifierOptions());
      await guard.start();
      app = express();
      app.get('/open', requireAcr(PASSWORD), (_req, res) => {
        res.json({ ok: true });
      });
      app.use(guard.middleware);
      app.post('/payments', requireAcr(MFA, { maxAge: 300 }), (_req, res) => {
        res.json({ paid: true });
      });
    });

    after(() => guard.stop());

    it('lets a recent enough sign-in of the level through', async () => {
      const token = issuer.sign({ acr: PHISHING_RESISTANT, auth_time: Math.floor(Date.now() / 1000) - 10 });
      expect((await request(app).post('/payments').set('Authorization', `Bearer ${token}`).expect(200)).body).to.deep.equal({ paid: true });
    });

    it('answers an unmet level 401 with the RFC 9470 challenge and the JSON body', async () => {
      const token = issuer.sign({ acr: PASSWORD, auth_time: Math.floor(Date.now() / 1000) });
      const res = await request(app).post('/payments').set('Authorization', `Bearer ${token}`).expect(401);
      expect(res.headers['www-authenticate']).to.equal(`Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="${MFA}"`);
      expect(res.body).to.deep.equal({ error: 'insufficient_user_authentication', code: 'INSUFFICIENT_USER_AUTHENTICATION', message: 'A different authentication level is required' });
    });

    it('answers a sign-in older than maxAge 401 with max_age', async () => {
      const token = issuer.sign({ acr: MFA, auth_time: Math.floor(Date.now() / 1000) - 3600 });
      const res = await request(app).post('/payments').set('Authorization', `Bearer ${token}`).expect(401);
      expect(res.headers['www-authenticate']).to.equal(`Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", acr_values="${MFA}", max_age=300`);
    });

    it('challenges with the DPoP scheme a request that used it', async () => {
      const key = await dpopKey('ES256');
      const token = issuer.sign({ acr: PASSWORD, cnf: { jkt: key.jkt } });
      const proof = await dpopProof(key, { method: 'POST', url: 'http://shop.example/payments', token });
      const res = await request(app).post('/payments').set('Host', 'shop.example').set('Authorization', `DPoP ${token}`).set('DPoP', proof).expect(401);
      expect(res.headers['www-authenticate']).to.match(/^DPoP error="insufficient_user_authentication", .*acr_values="urn:auth-service:acr:mfa", algs="ES256 PS256 RS256 EdDSA"$/);
    });

    it('answers a request no token check verified 401 like a missing token, never lets it through', async () => {
      const res = await request(app).get('/open').expect(401);
      expect(res.headers['www-authenticate']).to.equal('Bearer');
      expect(res.body.code).to.equal('TOKEN_MISSING');
    });
  });
});

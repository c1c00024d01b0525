import { expect } from 'chai';
import { KeyFetchError, KeyUnavailableError, RevocationStaleError, TokenExpiredError, TokenInvalidError, TokenMissingError, TokenRevokedError, tokenErrorAnswer } from '../../../src/index';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../src/interfaces/express/tokenErrorAnswer';

describe('tokenErrorAnswer: the library’s default answer to a token error (RFC 6750)', () => {
  it('answers a missing token 401 invalid_request with a bare Bearer challenge', () => {
    expect(tokenErrorAnswer(new TokenMissingError())).to.deep.equal({
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer' },
      body: { error: 'invalid_request', code: 'TOKEN_MISSING', message: 'no bearer token' },
    });
  });

  it('answers an expired token 401 invalid_token and says it expired', () => {
    expect(tokenErrorAnswer(new TokenExpiredError('token expired'))).to.deep.equal({
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' },
      body: { error: 'invalid_token', code: 'TOKEN_EXPIRED', message: 'token expired' },
    });
  });

  it('answers an invalid or revoked token 401 invalid_token', () => {
    for (const error of [new TokenInvalidError('bad signature'), new TokenRevokedError()]) {
      expect(tokenErrorAnswer(error)).to.deep.equal({
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        body: { error: 'invalid_token', code: 'TOKEN_INVALID', message: error.message },
      });
    }
  });

  it('answers "cannot decide now" 503 temporarily_unavailable with Retry-After, 60 s unless the error names a delay', () => {
    expect(DEFAULT_RETRY_AFTER_SECONDS).to.equal(60);
    expect(tokenErrorAnswer(new KeyUnavailableError())).to.deep.equal({
      status: 503,
      headers: { 'Retry-After': '60' },
      body: { error: 'temporarily_unavailable', code: 'KEY_UNAVAILABLE', message: 'no key is available yet' },
    });
    const stale = Object.assign(new RevocationStaleError(), { retryAfterSeconds: 4.2 });
    expect(tokenErrorAnswer(stale)?.headers).to.deep.equal({ 'Retry-After': '5' });
    for (const seconds of [0, -3, '30']) {
      const error = Object.assign(new KeyUnavailableError(), { retryAfterSeconds: seconds });
      expect(tokenErrorAnswer(error)?.headers, String(seconds)).to.deep.equal({ 'Retry-After': '60' });
    }
  });

  it('answers 503 for a foreign error marked unavailable, taking its code and message', () => {
    const foreign = Object.assign(new Error('store down'), { unavailable: true, code: 'STORE_UNAVAILABLE' });
    expect(tokenErrorAnswer(foreign)).to.deep.equal({
      status: 503,
      headers: { 'Retry-After': '60' },
      body: { error: 'temporarily_unavailable', code: 'STORE_UNAVAILABLE', message: 'store down' },
    });
  });

  it('has no answer for anything that is not a token error (the app’s error handler answers)', () => {
    for (const other of [new KeyFetchError('down'), new Error('bug'), Object.assign(new Error('x'), { code: 'TOKEN_INVALID' }), null, 'TOKEN_MISSING']) {
      expect(tokenErrorAnswer(other), String(other)).to.equal(undefined);
    }
  });
});

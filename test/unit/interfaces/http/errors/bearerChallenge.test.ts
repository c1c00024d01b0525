import { expect } from 'chai';
import { KeyUnavailableError, TokenExpiredError, TokenInvalidError, TokenMissingError, TooManyRefreshesError } from '../../../../../src/domain/errors';
import { bearerChallenge, bearerErrorAnswer } from '../../../../../src/interfaces/http/errors/bearerChallenge';
import { OAuthRequestError } from '../../../../../src/interfaces/http/errors/OAuthRequestError';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

describe('the bearer challenge (RFC 6750 §3)', () => {
  it('is bare without an error, names the error, then its description within the RFC characters', () => {
    expect(bearerChallenge()).to.equal('Bearer');
    expect(bearerChallenge('invalid_token')).to.equal('Bearer error="invalid_token"');
    expect(bearerChallenge('invalid_token', 'The access token expired')).to.equal('Bearer error="invalid_token", error_description="The access token expired"');
    expect(bearerChallenge('invalid_request', 'say "no"')).to.equal(`Bearer error="invalid_request", error_description="say 'no'"`);
  });

  it('names the scope a request needs after insufficient_scope (§3.1)', () => {
    expect(bearerChallenge('insufficient_scope', 'needs admin:users', 'admin:users')).to.equal('Bearer error="insufficient_scope", error_description="needs admin:users", scope="admin:users"');
    expect(bearerChallenge('insufficient_scope', undefined, 'admin:read admin:keys')).to.equal('Bearer error="insufficient_scope", scope="admin:read admin:keys"');
  });

  it('answers a request without a token 401 with a bare challenge and no body (§3.1)', () => {
    expect(bearerErrorAnswer(new TokenMissingError())).to.deep.equal({ status: 401, headers: { 'WWW-Authenticate': 'Bearer', ...NO_STORE }, body: null });
  });

  it('answers a token that does not verify 401 invalid_token, the challenge and the body saying why', () => {
    expect(bearerErrorAnswer(new TokenExpiredError('expired'))).to.deep.equal({
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The access token expired"', ...NO_STORE },
      body: { error: 'invalid_token', error_description: 'The access token expired' },
    });
    expect(bearerErrorAnswer(new TokenInvalidError('invalid')).headers['WWW-Authenticate']).to.equal('Bearer error="invalid_token", error_description="The access token is invalid"');
  });

  it('answers a malformed request 400 invalid_request with its challenge', () => {
    expect(bearerErrorAnswer(new OAuthRequestError('invalid_request', 'access_token must be given once'))).to.deep.equal({
      status: 400,
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_request"', ...NO_STORE },
      body: { error: 'invalid_request', error_description: 'access_token must be given once' },
    });
  });

  it('answers an outage or a limit as the table says, a fault 500', () => {
    expect(bearerErrorAnswer(new KeyUnavailableError())).to.deep.equal({
      status: 503,
      headers: { 'Retry-After': '60', ...NO_STORE },
      body: { error: 'temporarily_unavailable', error_description: 'no signing key is available yet' },
    });
    expect(bearerErrorAnswer(new TooManyRefreshesError(3))).to.deep.include({ status: 429, headers: { 'Retry-After': '3', ...NO_STORE } });
    expect(bearerErrorAnswer(new RangeError('boom'))).to.deep.equal({ status: 500, headers: NO_STORE, body: { error: 'server_error' } });
  });
});

import { expect } from 'chai';
import { ClientUnauthorizedError, DomainError, InvalidRequestError, PasswordHashingBusyError, StoreUnavailableError, TokenExpiredError, TooManyKeyRequestsError } from '../../../../../src/domain/errors';
import { InvalidGrantError, InvalidScopeError } from '../../../../../src/domain/grantErrors';
import { OAuthRequestError } from '../../../../../src/interfaces/http/errors/OAuthRequestError';
import { tokenErrorAnswer } from '../../../../../src/interfaces/http/errors/tokenErrorJson';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
const TOKEN = { basicChallenge: false, bearer: false };

class UnknownCodeError extends DomainError {
  readonly code = 'SOMETHING_ELSE';
}

describe('the token JSON writer (RFC 6749 §5.2)', () => {
  it('answers a refused request 400 with its error and description, in that order, never cached', () => {
    const answer = tokenErrorAnswer(new OAuthRequestError('unsupported_grant_type', 'grant_type is not supported'), TOKEN);
    expect(answer).to.deep.equal({ status: 400, headers: NO_STORE, body: { error: 'unsupported_grant_type', error_description: 'grant_type is not supported' } });
    expect(Object.keys(answer.body!)).to.deep.equal(['error', 'error_description']);
  });

  it('answers a domain error as the table says, the grant refusal telling nothing of its detail', () => {
    expect(tokenErrorAnswer(new InvalidGrantError('code used twice'), TOKEN)).to.deep.equal({
      status: 400,
      headers: NO_STORE,
      body: { error: 'invalid_grant', error_description: 'the grant is invalid, expired or revoked' },
    });
    expect(tokenErrorAnswer(new InvalidRequestError('since must be a cursor'), TOKEN).body).to.deep.equal({ error: 'invalid_request', error_description: 'since must be a cursor' });
  });

  it('answers invalid_client 401 with a Basic challenge when the client can answer one, 400 without a challenge otherwise', () => {
    const body = { error: 'invalid_client', error_description: 'client authentication failed' };
    expect(tokenErrorAnswer(new ClientUnauthorizedError(), { basicChallenge: true, bearer: false })).to.deep.equal({
      status: 401,
      headers: { ...NO_STORE, 'WWW-Authenticate': 'Basic realm="oauth", charset="UTF-8"' },
      body,
    });
    expect(tokenErrorAnswer(new ClientUnauthorizedError(), TOKEN)).to.deep.equal({ status: 400, headers: NO_STORE, body });
    // Only invalid_client becomes 401.
    expect(tokenErrorAnswer(new InvalidGrantError(), { basicChallenge: true, bearer: false }).status).to.equal(400);
  });

  it('tells how long to wait: the limiter’s window, or the outage’s fixed wait', () => {
    expect(tokenErrorAnswer(new TooManyKeyRequestsError(7), TOKEN)).to.deep.equal({
      status: 429,
      headers: { 'Retry-After': '7', ...NO_STORE },
      body: { error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' },
    });
    expect(tokenErrorAnswer(new StoreUnavailableError(), TOKEN)).to.deep.include({ status: 503, headers: { 'Retry-After': '5', ...NO_STORE } });
    expect(tokenErrorAnswer(new PasswordHashingBusyError(), TOKEN)).to.deep.equal({
      status: 503,
      headers: { 'Retry-After': '1', ...NO_STORE },
      body: { error: 'temporarily_unavailable', error_description: 'too many password checks in progress' },
    });
  });

  it('answers a bearer that does not verify as RFC 6750 only where the bearer was the authentication (revocation)', () => {
    expect(tokenErrorAnswer(new TokenExpiredError('expired'), { basicChallenge: false, bearer: true })).to.deep.include({
      status: 401,
      body: { error: 'invalid_token', error_description: 'The access token expired' },
    });
    expect(tokenErrorAnswer(new TokenExpiredError('expired'), TOKEN)).to.deep.equal({ status: 500, headers: NO_STORE, body: { error: 'server_error' } });
  });

  it('answers a body that could not be read 400 (413 when too large), a fault or an unknown code 500 saying nothing', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, type: 'entity.too.large' });
    expect(tokenErrorAnswer(tooLarge, TOKEN)).to.deep.equal({ status: 413, headers: NO_STORE, body: { error: 'invalid_request', error_description: 'the request could not be read' } });
    expect(tokenErrorAnswer(Object.assign(new Error('bad'), { status: 415, type: 'charset.unsupported' }), TOKEN).status).to.equal(400);
    expect(tokenErrorAnswer(new URIError('URI malformed'), TOKEN).status).to.equal(400);
    expect(tokenErrorAnswer(new TypeError('x is undefined at /srv/app.js:1'), TOKEN)).to.deep.equal({ status: 500, headers: NO_STORE, body: { error: 'server_error' } });
    expect(tokenErrorAnswer(Object.assign(new UnknownCodeError('x'), { status: 400 }), TOKEN).status).to.equal(500);
  });

  it('keeps a description within the RFC characters whatever the request put in it', () => {
    expect(tokenErrorAnswer(new InvalidScopeError('a"b\\c'), TOKEN).body).to.deep.equal({ error: 'invalid_scope', error_description: "the scope 'a'b?c' may not be granted to this client" });
  });
});

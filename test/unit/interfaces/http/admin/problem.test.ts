import { expect } from 'chai';
import { AccountTakenError, InvalidRequestError, ResourceChangedError, StoreUnavailableError, TokenExpiredError, TokenMissingError, TooManyKeyRequestsError, UserNotFoundError } from '../../../../../src/domain/errors';
import { ClientNotFoundError } from '../../../../../src/domain/grantErrors';
import { adminProblemAnswer, ProblemError } from '../../../../../src/interfaces/http/admin/problem';

describe('the admin API problem writer (RFC 9457)', () => {
  it('answers a domain refusal by its code, the failing field in invalid-params', () => {
    const invalid = adminProblemAnswer(new InvalidRequestError('nickName must be 1 to 256 characters', { field: 'nickName' }));
    expect(invalid).to.deep.equal({
      status: 400,
      headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' },
      body: {
        type: 'https://auth-service.example/problems/invalid-request',
        title: 'The request is invalid',
        status: 400,
        detail: 'nickName must be 1 to 256 characters',
        'invalid-params': [{ name: 'nickName', reason: 'nickName must be 1 to 256 characters' }],
      },
    });
    expect(adminProblemAnswer(new InvalidRequestError('client is public')).body).to.not.have.property('invalid-params');
    expect(adminProblemAnswer(new UserNotFoundError('bob')).status).to.equal(404);
    expect(adminProblemAnswer(new ClientNotFoundError('app')).status).to.equal(404);
    expect(adminProblemAnswer(new AccountTakenError('bob')).status).to.equal(409);
    // A conditional write that found the resource changed after the If-Match check: stale, as if the check had seen it.
    expect(adminProblemAnswer(new ResourceChangedError('user "bob"')).status).to.equal(412);
    expect(adminProblemAnswer(new ResourceChangedError('user "bob"')).body).to.include({ type: 'https://auth-service.example/problems/precondition-failed', detail: 'user "bob" changed since it was read' });
  });

  it('answers a store outage 503 with Retry-After, never 500, and a limit 429 with its wait', () => {
    const outage = adminProblemAnswer(new StoreUnavailableError());
    expect(outage.status).to.equal(503);
    expect(outage.headers).to.include({ 'Retry-After': '5', 'Content-Type': 'application/problem+json' });
    const limited = adminProblemAnswer(new TooManyKeyRequestsError(42));
    expect(limited.status).to.equal(429);
    expect(limited.headers['Retry-After']).to.equal('42');
  });

  it('answers a refused token 401 with the RFC 6750 challenge: bare without a token', () => {
    const missing = adminProblemAnswer(new TokenMissingError());
    expect(missing.status).to.equal(401);
    expect(missing.headers['WWW-Authenticate']).to.equal('Bearer');
    expect(adminProblemAnswer(new TokenExpiredError('jwt expired')).headers['WWW-Authenticate']).to.match(/^Bearer error="invalid_token"/);
  });

  it('answers anything else 500 with nothing of the error in it', () => {
    const answer = adminProblemAnswer(new Error('SELECT * FROM users; password=hunter2'));
    expect(answer.status).to.equal(500);
    expect(JSON.stringify(answer)).to.not.include('hunter2');
    expect(adminProblemAnswer(new ProblemError('precondition-failed', 'stale', { headers: { X: '1' } }))).to.deep.include({ status: 412, headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', X: '1' } });
  });
});

import { expect } from 'chai';
import {
  ClientUnauthorizedError,
  DomainError,
  KeyDistributionForbiddenError,
  PasswordHashingBusyError,
  StoreUnavailableError,
  TokenExpiredError,
  TokenInvalidError,
  TokenMissingError,
  TooManyLoginAttemptsError,
} from '../../../../../src/domain/errors';
import { InvalidGrantError } from '../../../../../src/domain/grantErrors';
import { envelopeErrorAnswer, isTransient } from '../../../../../src/interfaces/http/errors/envelopeError';
import { MESSAGES } from '../../../../../src/interfaces/http/messages';

const PLAIN = { basic: false };

class FeedBehindError extends DomainError {
  readonly code = 'FEED_BEHIND';
  readonly unavailable = true;
}

describe('the envelope writer', () => {
  it('answers the table’s status and message in the envelope, its fields in their fixed order', () => {
    const answer = envelopeErrorAnswer(new KeyDistributionForbiddenError(), PLAIN);
    expect(answer).to.deep.equal({ status: 403, headers: {}, body: { success: false, status: 403, msg: MESSAGES.keyDistributionForbidden, data: null } });
    expect(Object.keys(answer.body!)).to.deep.equal(['success', 'status', 'msg', 'data']);
  });

  it('challenges a token refusal as RFC 6750 says, the description only for an expired token', () => {
    expect(envelopeErrorAnswer(new TokenMissingError(), PLAIN).headers).to.deep.equal({ 'WWW-Authenticate': 'Bearer' });
    expect(envelopeErrorAnswer(new TokenInvalidError('invalid'), PLAIN).headers).to.deep.equal({ 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    expect(envelopeErrorAnswer(new TokenExpiredError('expired'), PLAIN)).to.deep.equal({
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' },
      body: { success: false, status: 401, msg: MESSAGES.tokenExpired, data: null },
    });
  });

  it('challenges a refused client with Basic only when it authenticated with Basic', () => {
    expect(envelopeErrorAnswer(new ClientUnauthorizedError(), { basic: true }).headers).to.deep.equal({ 'WWW-Authenticate': 'Basic realm="client", charset="UTF-8"' });
    expect(envelopeErrorAnswer(new ClientUnauthorizedError(), PLAIN)).to.deep.equal({
      status: 401,
      headers: {},
      body: { success: false, status: 401, msg: MESSAGES.clientUnauthorized, data: null },
    });
    expect(envelopeErrorAnswer(new TooManyLoginAttemptsError(3), { basic: true }).headers).to.not.have.property('WWW-Authenticate');
  });

  it('tells how long to wait: the limiter’s window, or the outage’s fixed wait', () => {
    expect(envelopeErrorAnswer(new TooManyLoginAttemptsError(12), PLAIN)).to.deep.include({ status: 429, headers: { 'Retry-After': '12' } });
    expect(envelopeErrorAnswer(new PasswordHashingBusyError(), PLAIN)).to.deep.include({ status: 503, headers: { 'Retry-After': '1' } });
    expect(envelopeErrorAnswer(new FeedBehindError('behind'), PLAIN)).to.deep.equal({
      status: 503,
      headers: { 'Retry-After': '60' },
      body: { success: false, status: 503, msg: MESSAGES.keyUnavailable, data: null },
    });
  });

  it('answers what the parsers could not read as the client’s fault, with the parser’s message', () => {
    const tooLarge = Object.assign(new Error('too large'), { status: 413, type: 'entity.too.large' });
    expect(envelopeErrorAnswer(tooLarge, PLAIN).body).to.deep.equal({ success: false, status: 413, msg: MESSAGES.payloadTooLarge, data: null });
    expect(envelopeErrorAnswer(Object.assign(new Error('bad json'), { status: 400, type: 'entity.parse.failed' }), PLAIN).body).to.deep.include({ status: 400, msg: MESSAGES.malformedJson });
    expect(envelopeErrorAnswer(Object.assign(new Error('no route'), { status: 404 }), PLAIN).body).to.deep.include({ status: 404, msg: MESSAGES.notFound });
    expect(envelopeErrorAnswer(Object.assign(new Error('bad'), { statusCode: 405 }), PLAIN).body).to.deep.include({ status: 405, msg: MESSAGES.badRequest });
    expect(envelopeErrorAnswer(new URIError('URI malformed'), PLAIN).body).to.deep.include({ status: 400, msg: MESSAGES.badRequest });
    expect(envelopeErrorAnswer(Object.assign(new Error('incorrect header check'), { code: 'Z_DATA_ERROR' }), PLAIN).body).to.deep.include({ status: 400 });
  });

  it('answers a fault 500 saying nothing of it, a domain error without an envelope row included', () => {
    const internal = { status: 500, headers: {}, body: { success: false, status: 500, msg: MESSAGES.internalError, data: null } };
    expect(envelopeErrorAnswer(new TypeError('x at /srv/app.js'), PLAIN)).to.deep.equal(internal);
    expect(envelopeErrorAnswer(Object.assign(new Error('server'), { status: 502 }), PLAIN)).to.deep.equal(internal);
    expect(envelopeErrorAnswer(Object.assign(new InvalidGrantError(), { status: 400 }), PLAIN)).to.deep.equal(internal);
  });

  it('calls only the expected outages transient (no log line each)', () => {
    expect([new StoreUnavailableError(), new PasswordHashingBusyError(), new FeedBehindError('x')].map(isTransient)).to.deep.equal([true, true, true]);
    expect([new TypeError('x'), new ClientUnauthorizedError()].map(isTransient)).to.deep.equal([false, false]);
  });
});

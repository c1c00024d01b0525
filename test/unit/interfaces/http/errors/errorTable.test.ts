import { expect } from 'chai';
import { InvalidRequestError, KeyUnavailableError, RevocationStaleError, StoreUnavailableError, TooManyKeyRequestsError, DomainError } from '../../../../../src/domain/errors';
import { InvalidScopeError } from '../../../../../src/domain/grantErrors';
import { descriptionOf, ERROR_TABLE, errorEntryOf, retryAfterOf } from '../../../../../src/interfaces/http/errors/errorTable';

class OddError extends DomainError {
  constructor(readonly code: string, extra: object = {}) {
    super('odd');
    Object.assign(this, extra);
  }
}

describe('the error table', () => {
  it('finds a domain error by its code, and nothing for what is no domain error', () => {
    expect(errorEntryOf(new StoreUnavailableError())).to.equal(ERROR_TABLE.STORE_UNAVAILABLE);
    expect(errorEntryOf(new TypeError('x'))).to.equal(undefined);
    expect(errorEntryOf(Object.assign(new Error('x'), { code: 'STORE_UNAVAILABLE' }))).to.equal(undefined);
    expect(errorEntryOf(null)).to.equal(undefined);
  });

  it('answers a "cannot decide now" error without a row of its own as KEY_UNAVAILABLE, and an unknown code as none', () => {
    expect(errorEntryOf(new OddError('FEED_BEHIND', { unavailable: true }))).to.equal(ERROR_TABLE.KEY_UNAVAILABLE);
    expect(errorEntryOf(new OddError('FEED_BEHIND'))).to.equal(undefined);
    // Only the table's own rows: a code that names an Object member is unknown too.
    expect(errorEntryOf(new OddError('toString'))).to.equal(undefined);
  });

  it('tells the fixed wait of an outage over the error’s own, the error’s own otherwise, none for a non-domain error', () => {
    const stale = Object.assign(new RevocationStaleError(), { retryAfterSeconds: 900 });
    expect(retryAfterOf(stale, errorEntryOf(stale))).to.equal(30);
    expect(retryAfterOf(new KeyUnavailableError(), ERROR_TABLE.KEY_UNAVAILABLE)).to.equal(60);
    expect(retryAfterOf(new TooManyKeyRequestsError(7), ERROR_TABLE.TOO_MANY_KEY_REQUESTS)).to.equal(7);
    expect(retryAfterOf(Object.assign(new Error('x'), { retryAfterSeconds: 7 }), undefined)).to.equal(undefined);
    expect(retryAfterOf(new InvalidRequestError('x'), ERROR_TABLE.INVALID_REQUEST)).to.equal(undefined);
  });

  it('describes by the error’s own message where the row says so, by the row otherwise', () => {
    expect(descriptionOf(ERROR_TABLE.INVALID_SCOPE.oauth!, new InvalidScopeError('admin'))).to.equal("the scope 'admin' may not be granted to this client");
    expect(descriptionOf(ERROR_TABLE.INVALID_GRANT.oauth!, new Error('secret detail'))).to.equal('the grant is invalid, expired or revoked');
  });

  it('has a status for every answer it gives, 4xx for the client’s faults and 503 for outages, each with a wait', () => {
    for (const [code, entry] of Object.entries(ERROR_TABLE)) {
      for (const status of [entry.envelope?.status, entry.oauth?.status, entry.page].filter((s) => s !== undefined)) {
        expect(status, code).to.be.within(400, 503);
      }
      if (entry.transient) expect([entry.envelope?.status, entry.retryAfterSeconds !== undefined], code).to.deep.equal([503, true]);
    }
  });
});

import { expect } from 'chai';
import { StoreUnavailableError } from '../../../src/domain/errors';

describe('StoreUnavailableError (the store did not answer: nothing was decided)', () => {
  it('has a stable code and says the shared store is unreachable unless told otherwise', () => {
    expect(new StoreUnavailableError()).to.include({ code: 'STORE_UNAVAILABLE', message: 'the shared store is unreachable' });
  });

  it("keeps an adapter's message and the driver's error as its cause", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const error = new StoreUnavailableError('the user store did not answer within 10 s', { cause });
    expect(error.message).to.equal('the user store did not answer within 10 s');
    expect(error.cause).to.equal(cause);
  });
});

import { expect } from 'chai';
import { AccountTakenError, PasswordHashingBusyError, TooManyKeyRequestsError, TooManyRefreshesError } from '../../../src/domain/errors';

describe('limit and conflict errors (built inside the test: their codes, messages and Retry-After)', () => {
  it('TooManyKeyRequestsError carries the seconds for Retry-After', () => {
    expect(new TooManyKeyRequestsError(17)).to.include({ code: 'TOO_MANY_KEY_REQUESTS', message: 'too many wrong client secrets', retryAfterSeconds: 17 });
  });

  it('TooManyRefreshesError carries the seconds for Retry-After', () => {
    expect(new TooManyRefreshesError(60)).to.include({ code: 'TOO_MANY_REFRESHES', message: 'too many refreshes', retryAfterSeconds: 60 });
  });

  it('PasswordHashingBusyError', () => {
    expect(new PasswordHashingBusyError()).to.include({ code: 'PASSWORD_HASHING_BUSY', message: 'too many password checks in progress' });
  });

  it('AccountTakenError names the stored look-alike only when it differs from the requested spelling', () => {
    expect(new AccountTakenError('bob').message).to.equal('account "bob" already exists');
    expect(new AccountTakenError('bob', { existing: 'bob' }).message).to.equal('account "bob" already exists');
    expect(new AccountTakenError('ＢＯＢ', { existing: 'bob' }).message).to.equal('account "ＢＯＢ" is the same name as the existing "bob" (compared after NFKC and case folding)');
  });
});

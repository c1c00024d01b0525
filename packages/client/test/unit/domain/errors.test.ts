import { expect } from 'chai';
import { DomainError, KeyFetchError, KeyMaterialInvalidError, KeyUnavailableError, RevocationStaleError, TokenExpiredError, TokenInvalidError, TokenMissingError, TokenRevokedError, UnknownKeyIdError, isUnavailable } from '../../../src/index';

describe('token errors: one class per condition, a stable code, a readable name', () => {
  it('names each error after its class and keeps the cause', () => {
    const cause = new Error('library said no');
    const cases: [DomainError, string, string, string][] = [
      [new TokenMissingError(), 'TokenMissingError', 'TOKEN_MISSING', 'no bearer token'],
      [new TokenExpiredError('token expired', { cause }), 'TokenExpiredError', 'TOKEN_EXPIRED', 'token expired'],
      [new TokenInvalidError('bad'), 'TokenInvalidError', 'TOKEN_INVALID', 'bad'],
      [new UnknownKeyIdError('k9'), 'UnknownKeyIdError', 'TOKEN_INVALID', 'no key for this token'],
      [new TokenRevokedError(), 'TokenRevokedError', 'TOKEN_INVALID', 'the token has been revoked'],
      [new KeyUnavailableError(), 'KeyUnavailableError', 'KEY_UNAVAILABLE', 'no key is available yet'],
      [new RevocationStaleError(), 'RevocationStaleError', 'REVOCATION_STALE', 'the revocations held are too old to trust'],
      [new KeyFetchError('down'), 'KeyFetchError', 'KEY_FETCH_FAILED', 'down'],
      [new KeyMaterialInvalidError('odd'), 'KeyMaterialInvalidError', 'KEY_MATERIAL_INVALID', 'odd'],
    ];
    for (const [error, name, code, message] of cases) {
      expect({ name: error.name, code: error.code, message: error.message }).to.deep.equal({ name, code, message });
      expect(error).to.be.instanceOf(DomainError).and.instanceOf(Error);
    }
    expect(new TokenExpiredError('token expired', { cause }).cause).to.equal(cause);
    expect(new KeyUnavailableError('no issuer', { cause }).cause).to.equal(cause);
    expect(new RevocationStaleError('stale', { cause })).to.include({ message: 'stale', cause });
  });

  it('tells "cannot decide now" (503) from "no" (401)', () => {
    expect(isUnavailable(new KeyUnavailableError())).to.equal(true);
    expect(isUnavailable(new RevocationStaleError())).to.equal(true);
    expect(isUnavailable({ unavailable: true })).to.equal(true);
    for (const other of [new TokenInvalidError('x'), new TokenRevokedError(), new KeyFetchError('x'), { unavailable: 'yes' }, null, undefined, 'KEY_UNAVAILABLE']) {
      expect(isUnavailable(other), String(other)).to.equal(false);
    }
  });
});

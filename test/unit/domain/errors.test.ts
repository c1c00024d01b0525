import { expect } from 'chai';
import * as errors from '../../../src/domain/errors';

/** Each error's stable code and default message: the error mapper and the logs depend on both. */
const EXPECTED: ReadonlyArray<[errors.DomainError, string, string]> = [
  [new errors.LoginInputIncompleteError(), 'LOGIN_INPUT_INCOMPLETE', 'login requires a non-empty username and password'],
  [new errors.InvalidCredentialsError(), 'INVALID_CREDENTIALS', 'invalid username or password'],
  [new errors.InvalidRequestError('appId is required'), 'INVALID_REQUEST', 'appId is required'],
  [new errors.TokenMissingError(), 'TOKEN_MISSING', 'no bearer token'],
  [new errors.TokenExpiredError('jwt expired'), 'TOKEN_EXPIRED', 'jwt expired'],
  [new errors.TokenInvalidError('bad signature'), 'TOKEN_INVALID', 'bad signature'],
  [new errors.UnknownKeyIdError('kid-1'), 'TOKEN_INVALID', 'no key for this token'],
  [new errors.ClientUnauthorizedError(), 'CLIENT_UNAUTHORIZED', 'unknown client credentials'],
  [new errors.KeyDistributionForbiddenError(), 'KEY_DISTRIBUTION_FORBIDDEN', 'the verification key is not distributed in this configuration'],
  [new errors.KeyUnavailableError('no key yet'), 'KEY_UNAVAILABLE', 'no key yet'],
  [new errors.KeyDecryptionError('wrong key'), 'KEY_DECRYPTION_FAILED', 'wrong key'],
  [new errors.KeyNotFoundError('no such kid'), 'KEY_NOT_FOUND', 'no such kid'],
  [new errors.KeyFetchError('refused'), 'KEY_FETCH_FAILED', 'refused'],
  [new errors.KeyMaterialInvalidError('not a key'), 'KEY_MATERIAL_INVALID', 'not a key'],
  [new errors.TooManyLoginAttemptsError(60), 'TOO_MANY_LOGIN_ATTEMPTS', 'too many login attempts'],
  [new errors.AccountTakenError('alice'), 'ACCOUNT_TAKEN', 'account "alice" already exists'],
  [new errors.UserNotFoundError('bob'), 'USER_NOT_FOUND', 'no user with account "bob"'],
];

describe('domain errors', () => {
  for (const [error, code, message] of EXPECTED) {
    it(`${error.name}: code ${code}, message "${message}"`, () => {
      expect(error).to.be.instanceOf(errors.DomainError).and.instanceOf(Error);
      expect(error.code).to.equal(code);
      expect(error.message).to.equal(message);
      expect(error.name).to.equal(error.constructor.name);
    });
  }

  it('keeps the cause it is given', () => {
    const cause = new Error('socket hang up');
    expect(new errors.KeyFetchError('refused', { cause }).cause).to.equal(cause);
  });
});

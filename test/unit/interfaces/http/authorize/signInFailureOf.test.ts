import { expect } from 'chai';
import { InvalidCredentialsError, KeyUnavailableError, LoginInputIncompleteError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '../../../../../src/domain/errors';
import { UnauthorizedClientError } from '../../../../../src/domain/grantErrors';
import { signInFailureOf } from '../../../../../src/interfaces/http/authorize/signInFailureOf';
import { KEY_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../../../../src/interfaces/http/errors/retryAfter';

describe('signInFailureOf (how the sign-in form answers a failed sign-in)', () => {
  it('a wrong password and an incomplete form alike: the form with "invalid", 400, no Retry-After', () => {
    expect(signInFailureOf(new InvalidCredentialsError())).to.deep.equal({ form: 'invalid', status: 400 });
    expect(signInFailureOf(new LoginInputIncompleteError())).to.deep.equal({ form: 'invalid', status: 400 });
  });

  it('too many attempts 429 with their Retry-After; no hashing slot 503 with 1 second, no key yet 503 with the wait the token endpoint names', () => {
    expect(signInFailureOf(new TooManyLoginAttemptsError(42))).to.deep.equal({ form: 'busy', status: 429, retryAfterSeconds: 42 });
    expect(signInFailureOf(new PasswordHashingBusyError())).to.deep.equal({ form: 'busy', status: 503, retryAfterSeconds: 1 });
    expect(signInFailureOf(new KeyUnavailableError())).to.deep.equal({ form: 'busy', status: 503, retryAfterSeconds: KEY_UNAVAILABLE_RETRY_AFTER_SECONDS });
  });

  it('anything else is not the form\'s to answer', () => {
    for (const error of [new UnauthorizedClientError('authorization_code'), new Error('boom'), null, { code: 'TOO_MANY_LOGIN_ATTEMPTS' }]) {
      expect(signInFailureOf(error)).to.equal(null);
    }
  });
});

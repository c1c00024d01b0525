import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { AccountSessionNotFoundError, AccountSignInNeededError, NoSecondFactorError, SecondFactorNotFoundError } from '../../../../../src/domain/accountErrors';
import { ConsentNotFoundError } from '../../../../../src/domain/consentErrors';
import { InvalidCredentialsError, InvalidRequestError, LoginInputIncompleteError, PasswordHashingBusyError, StoreUnavailableError, TooManyLoginAttemptsError, UserNotFoundError } from '../../../../../src/domain/errors';
import { PasskeyRegistrationError } from '../../../../../src/domain/passkeyErrors';
import { InvalidSecondFactorError, TotpEnrolmentStateError } from '../../../../../src/domain/secondFactorErrors';
import { accountFailureOf } from '../../../../../src/interfaces/http/account/accountFailureOf';
import { AccountFormTokens } from '../../../../../src/interfaces/http/account/AccountFormTokens';

describe('accountFailureOf', () => {
  it('answers each refusal the page shows itself with its message and status', () => {
    const cases: Array<[Error, string, number]> = [
      [new InvalidSecondFactorError(), 'wrong_code', 400],
      [new InvalidCredentialsError('wrong_password'), 'wrong_password', 400],
      [new LoginInputIncompleteError(), 'wrong_password', 400],
      [new InvalidRequestError('short'), 'bad_password', 400],
      [new TotpEnrolmentStateError('confirmed'), 'totp_state', 409],
      [new PasskeyRegistrationError('bad'), 'passkey_failed', 400],
      [new SecondFactorNotFoundError('none'), 'gone', 404],
      [new AccountSessionNotFoundError('none'), 'gone', 404],
      [new ConsentNotFoundError('alice', 'app'), 'gone', 404],
      [new NoSecondFactorError('none'), 'gone', 409],
      [new UserNotFoundError('alice'), 'password_unavailable', 409],
    ];
    for (const [error, message, status] of cases) expect(accountFailureOf(error), error.constructor.name).to.deep.equal({ error: message, status });
  });

  it('takes a busy answer\'s status and wait from the error table', () => {
    expect(accountFailureOf(new TooManyLoginAttemptsError(42))).to.deep.equal({ error: 'busy', status: 429, retryAfterSeconds: 42 });
    const hashing = accountFailureOf(new PasswordHashingBusyError());
    expect(hashing?.error).to.equal('busy');
    expect(hashing?.status).to.be.oneOf([429, 503]);
  });

  it('leaves faults and anything else to the error handler', () => {
    expect(accountFailureOf(new StoreUnavailableError('down'))).to.equal(null);
    expect(accountFailureOf(new AccountSignInNeededError('no session'))).to.equal(null);
    expect(accountFailureOf(new Error('INVALID_REQUEST'))).to.equal(null);
    expect(accountFailureOf({ code: 'INVALID_REQUEST' })).to.equal(null);
  });
});

describe('AccountFormTokens', () => {
  const key = Buffer.alloc(32, 7).toString('base64url');
  const tokens = new AccountFormTokens(key);
  const session = 'a'.repeat(43);

  it('is the HMAC-SHA-256, under the base64url key, of its purpose and the session cookie\'s value', () => {
    const expected = createHmac('sha256', Buffer.alloc(32, 7)).update(JSON.stringify(['auth-service/account-form/1', session])).digest('base64url');
    expect(tokens.issue(session)).to.equal(expected);
  });

  it('issues one 43-character token per session, which only that session matches', () => {
    const token = tokens.issue(session);
    expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.issue(session)).to.equal(token);
    expect(tokens.matches(session, token)).to.equal(true);
    expect(tokens.matches('b'.repeat(43), token)).to.equal(false);
    expect(new AccountFormTokens(Buffer.alloc(32, 8).toString('base64url')).matches(session, token), 'another key').to.equal(false);
  });

  it('refuses anything not shaped like a token without comparing', () => {
    const token = tokens.issue(session);
    for (const field of [undefined, '', token.slice(1), `${token}x`, `${token.slice(0, 42)}*`, 42, [token]]) expect(tokens.matches(session, field), String(field)).to.equal(false);
  });
});

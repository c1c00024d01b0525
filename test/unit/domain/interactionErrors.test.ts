import { expect } from 'chai';
import { DomainError } from '../../../src/domain/errors';
import {
  InteractionClientChangedError,
  InteractionExpiredError,
  InteractionNotFoundError,
  InteractionRefusedError,
  InteractionSessionEndedError,
  InteractionSessionMismatchError,
  InteractionUserLockedOutError,
} from '../../../src/domain/interactionErrors';

describe('The interaction refusals (one kind, a stable code and a reason each)', () => {
  const cases: Array<[DomainError, string, string]> = [
    [new InteractionNotFoundError(), 'INTERACTION_NOT_FOUND', 'the page is unknown or was answered already'],
    [new InteractionExpiredError(), 'INTERACTION_EXPIRED', 'the page has expired'],
    [new InteractionSessionMismatchError(), 'INTERACTION_SESSION_MISMATCH', 'the page was shown for another sign-in'],
    [new InteractionSessionEndedError(), 'INTERACTION_SESSION_ENDED', 'the sign-in the page was shown for has ended'],
    [new InteractionUserLockedOutError(), 'INTERACTION_USER_LOCKED_OUT', 'the user was locked out after signing in'],
    [new InteractionClientChangedError(), 'INTERACTION_CLIENT_CHANGED', 'the client was removed after the page was shown'],
  ];

  for (const [error, code, message] of cases) {
    it(`${code}: "${message}"`, () => {
      expect(error).to.be.instanceOf(InteractionRefusedError).and.instanceOf(DomainError);
      expect(error.code).to.equal(code);
      expect(error.message).to.equal(message);
      expect(error.name).to.equal(error.constructor.name);
    });
  }
});

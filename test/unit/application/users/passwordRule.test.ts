import { expect } from 'chai';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { checkNewPassword } from '../../../../src/application/users/passwordRule';

const MESSAGE = 'password must be 1 to 1024 characters, not only spaces, without control characters';

function refusal(password: string): unknown {
  try {
    checkNewPassword(password);
  } catch (error) {
    return error;
  }
  return expect.fail(`expected ${JSON.stringify(password)} to be refused`);
}

describe('the new-password rule', () => {
  it('accepts 1 to 1024 characters, spaces inside or around, and characters beyond the BMP', () => {
    for (const password of ['x', 'p'.repeat(1024), ' pass phrase ', '\u{1F511}'.repeat(512), 'mot de passe é']) {
      expect(() => checkNewPassword(password), `${password.length} characters`).not.to.throw();
    }
  });

  it('refuses empty, blank, over-long passwords and ones with control characters or lone surrogates', () => {
    for (const password of ['', ' ', '   ', '\u3000', 'p'.repeat(1025), 'pass\u0000word', 'pass\nword', 'pass\u007f', 'pass\ud800', '\udc00pass']) {
      const error = refusal(password);
      expect(error, JSON.stringify(password)).to.be.instanceOf(InvalidRequestError).with.property('code', 'INVALID_REQUEST');
      expect((error as Error).message).to.equal(MESSAGE);
    }
  });
});

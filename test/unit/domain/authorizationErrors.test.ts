import { expect } from 'chai';
import { AuthorizationRequestError, errorDescription } from '../../../src/domain/authorizationErrors';

describe('authorization errors (RFC 6749 §4.1.2.1)', () => {
  it('AuthorizationRequestError carries the OAuth error, its description as message, and one stable code', () => {
    const error = new AuthorizationRequestError('request_not_supported', 'no request objects');
    expect(error).to.include({ code: 'AUTHORIZATION_REQUEST_REFUSED', error: 'request_not_supported', description: 'no request objects', message: 'no request objects', name: 'AuthorizationRequestError' });
  });

  it('errorDescription keeps %x20-21 / %x23-5B / %x5D-7E as they are', () => {
    const allowed = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).filter((char) => char !== '"' && char !== '\\').join('');
    expect(errorDescription(allowed)).to.equal(allowed);
  });

  it('errorDescription turns quotes into apostrophes and anything else outside into a question mark', () => {
    expect(errorDescription('prompt "create" is not supported')).to.equal("prompt 'create' is not supported");
    expect(errorDescription('a\\b\tc\u00e9d\u4e2d\u007f\n')).to.equal('a?b?c?d???');
  });
});

import { expect } from 'chai';
import { AuthorizationRequestError } from '../../../src/domain/authorizationErrors';

describe('authorization errors (RFC 6749 §4.1.2.1)', () => {
  it('AuthorizationRequestError carries the OAuth error, its description as message, and one stable code', () => {
    const error = new AuthorizationRequestError('request_not_supported', 'no request objects');
    expect(error).to.include({ code: 'AUTHORIZATION_REQUEST_REFUSED', error: 'request_not_supported', description: 'no request objects', message: 'no request objects', name: 'AuthorizationRequestError' });
  });

});

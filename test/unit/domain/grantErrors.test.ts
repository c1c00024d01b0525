import { expect } from 'chai';
import { DomainError } from '../../../src/domain/errors';
import { ClientIdTakenError, InvalidGrantError, InvalidScopeError, InvalidTargetError, UntrustedRedirectError } from '../../../src/domain/grantErrors';

describe('grant errors (the OAuth answers the error mapper and the error page depend on)', () => {
  it('InvalidGrantError: one code and one message for every refused grant, telling a thief nothing', () => {
    const error = new InvalidGrantError();
    expect(error).to.be.instanceOf(DomainError);
    expect(error).to.include({ code: 'INVALID_GRANT', message: 'the grant is invalid, expired or revoked', name: 'InvalidGrantError' });
  });

  it('ClientIdTakenError: names the id, keeps the cause', () => {
    const cause = new Error('UNIQUE constraint failed');
    const error = new ClientIdTakenError('spa', { cause });
    expect(error).to.include({ code: 'CLIENT_ID_TAKEN', message: 'client "spa" already exists' });
    expect(error.cause).to.equal(cause);
  });

  it('UntrustedRedirectError: its message is what the error page shows', () => {
    expect(new UntrustedRedirectError('unknown client')).to.include({ code: 'UNTRUSTED_REDIRECT', message: 'unknown client' });
  });

  it('InvalidScopeError and InvalidTargetError: name what was refused in single quotes, an error_description may not hold a double quote', () => {
    expect(new InvalidScopeError('admin')).to.include({ code: 'INVALID_SCOPE', scope: 'admin', message: "the scope 'admin' may not be granted to this client" });
    expect(new InvalidScopeError('openid', 'openid needs an asymmetric signing key')).to.include({ message: 'openid needs an asymmetric signing key' });
    expect(new InvalidTargetError('https://api.example')).to.include({
      code: 'INVALID_TARGET',
      resource: 'https://api.example',
      message: "the resource 'https://api.example' is not registered for this client",
    });
  });
});

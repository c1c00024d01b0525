import { expect } from 'chai';
import { DomainError } from '../../../src/domain/errors';
import { ClientIdTakenError, InvalidGrantError, UntrustedRedirectError } from '../../../src/domain/grantErrors';

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
});

import { expect } from 'chai';
import { AuthorizationRequestError } from '../../../../../src/domain/authorizationErrors';
import { TokenInvalidError } from '../../../../../src/domain/errors';
import { InvalidScopeError, InvalidTargetError, UnauthorizedClientError, UntrustedRedirectError } from '../../../../../src/domain/grantErrors';
import { errorRedirectUrl, redirectErrorOf, sendErrorRedirect } from '../../../../../src/interfaces/http/errors/errorRedirect';
import { recordingResponse } from '../../../../support/RecordingResponse';

const ISSUER = 'https://auth.example/auth';

describe('the authorization error redirect (RFC 6749 §4.1.2.1)', () => {
  it('sends the table’s redirectable refusals with their own message, nothing else', () => {
    expect(redirectErrorOf(new InvalidScopeError('admin'))).to.deep.equal({ error: 'invalid_scope', description: "the scope 'admin' may not be granted to this client" });
    expect(redirectErrorOf(new InvalidTargetError('https://api'))).to.deep.include({ error: 'invalid_target' });
    expect(redirectErrorOf(new UnauthorizedClientError('authorization_code'))).to.deep.equal({
      error: 'unauthorized_client',
      description: 'the client is not registered for the authorization_code grant',
    });
    // An untrusted redirect URI gets a page, a token error is no authorization refusal, a fault is the error handler's.
    expect([new UntrustedRedirectError('x'), new TokenInvalidError('invalid'), new TypeError('x')].map(redirectErrorOf)).to.deep.equal([null, null, null]);
  });

  it('sends a refused authorization request with its own code and description (request objects, prompt=none, PKCE)', () => {
    for (const code of ['request_not_supported', 'request_uri_not_supported', 'login_required', 'consent_required', 'invalid_request'] as const) {
      expect(redirectErrorOf(new AuthorizationRequestError(code, `why ${code}`))).to.deep.equal({ error: code, description: `why ${code}` });
    }
  });

  it('appends error, error_description, state and iss, in that order, to the URI’s own query', () => {
    const url = new URL(errorRedirectUrl('https://app.example/cb?tenant=a', { error: 'access_denied', description: 'the user denied the request' }, 'xyz', ISSUER));
    expect([...url.searchParams.keys()]).to.deep.equal(['tenant', 'error', 'error_description', 'state', 'iss']);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      tenant: 'a',
      error: 'access_denied',
      error_description: 'the user denied the request',
      state: 'xyz',
      iss: ISSUER,
    });
  });

  it('leaves out a state the request did not have, and keeps the description within the RFC characters', () => {
    const url = new URL(errorRedirectUrl('https://app.example/cb', { error: 'invalid_request', description: 'prompt "x" is unknown' }, undefined, ISSUER));
    expect([...url.searchParams.keys()]).to.deep.equal(['error', 'error_description', 'iss']);
    expect(url.searchParams.get('error_description')).to.equal("prompt 'x' is unknown");
  });

  it('redirects 302, or 303 after a form POST', () => {
    const refusal = { error: 'login_required', description: 'the user must sign in' } as const;
    const first = recordingResponse();
    sendErrorRedirect(first.res, 'https://app.example/cb', refusal, 's', ISSUER);
    expect(first.recorded.redirect).to.deep.equal({ status: 302, url: 'https://app.example/cb?error=login_required&error_description=the+user+must+sign+in&state=s&iss=https%3A%2F%2Fauth.example%2Fauth' });
    const second = recordingResponse();
    sendErrorRedirect(second.res, 'https://app.example/cb', refusal, undefined, ISSUER, 303);
    expect(second.recorded.redirect?.status).to.equal(303);
  });
});

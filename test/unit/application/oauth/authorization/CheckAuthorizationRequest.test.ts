import { expect } from 'chai';
import { CheckAuthorizationRequest } from '../../../../../src/application/oauth/authorization/CheckAuthorizationRequest';
import type { AuthorizationParameters } from '../../../../../src/application/oauth/authorization/AuthorizationParameters';
import { UnauthorizedClientError } from '../../../../../src/domain/grantErrors';
import { FakeIdTokenHints } from '../../../../support/FakeIdTokenHints';
import { InMemoryOAuthClientStore } from '../../../../support/InMemoryOAuthClientStore';
import { CHALLENGE, WEB_CLIENT } from '../../../../support/authorizationChecks';

const URI = 'https://web.example/cb';
const PKCE: AuthorizationParameters = { response_type: 'code', code_challenge: CHALLENGE, code_challenge_method: 'S256' };
const refusal = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('accepted');
};

describe('CheckAuthorizationRequest (the checks in order, then the request they make)', () => {
  const hints = new FakeIdTokenHints({ ours: { subject: '7', clientId: 'web' } });
  const check = new CheckAuthorizationRequest(new InMemoryOAuthClientStore([]), hints, 'default', 'default');

  it('builds the request from every check: challenge, granted access, prompts, nonce, max_age, hint subject', () => {
    const request = check.execute(WEB_CLIENT, URI, { ...PKCE, scope: 'openid', prompt: 'login', nonce: 'n-1', max_age: '60', id_token_hint: 'ours' }, false);
    expect(request).to.deep.equal({
      clientId: 'web',
      redirectUri: URI,
      codeChallenge: CHALLENGE,
      granted: { scopes: ['openid'], resources: [] },
      nonce: 'n-1',
      maxAge: 60,
      prompts: ['login'],
      idTokenHintSubject: '7',
    });
  });

  it('leaves out what was not asked: no challenge (confidential, openid, nonce), no max_age, no hint', () => {
    const request = check.execute(WEB_CLIENT, URI, { response_type: 'code', scope: 'openid', nonce: 'n-1' }, false);
    expect(request).to.deep.equal({ clientId: 'web', redirectUri: URI, granted: { scopes: ['openid'], resources: [] }, nonce: 'n-1', prompts: [] });
    expect(check.execute(WEB_CLIENT, URI, { ...PKCE, scope: 'profile' }, false)).to.deep.equal({
      clientId: 'web',
      redirectUri: URI,
      codeChallenge: CHALLENGE,
      granted: { scopes: ['profile'], resources: [] },
      prompts: [],
    });
  });

  it('AUTH_REQUIRE_PKCE=all refuses what the default lets through', () => {
    const strict = new CheckAuthorizationRequest(new InMemoryOAuthClientStore([]), hints, 'all', 'default');
    expect(refusal(() => strict.execute(WEB_CLIENT, URI, { response_type: 'code', scope: 'openid', nonce: 'n-1' }, false))).to.deep.include({ error: 'invalid_request' });
  });

  it('reports the first failure in order: client grant, response type, request object, response mode, prompt, scope, PKCE, max_age, hint', () => {
    const everythingWrong: AuthorizationParameters = { response_type: 'token', request: 'x', response_mode: 'fragment', prompt: 'bad', scope: 'orders:admin', max_age: 'x', id_token_hint: 'forged' };
    expect(refusal(() => check.execute({ ...WEB_CLIENT, grants: ['refresh_token'] }, URI, everythingWrong, false))).to.be.instanceOf(UnauthorizedClientError);
    const steps: Array<[Partial<AuthorizationParameters>, string]> = [
      [{}, 'unsupported_response_type'],
      [{ response_type: 'code' }, 'request_not_supported'],
      [{ request: undefined }, 'invalid_request:response_mode must be query'],
      [{ response_mode: undefined }, 'invalid_request:prompt "bad" is not supported'],
      [{ prompt: undefined }, 'INVALID_SCOPE'],
      [{ scope: 'openid' }, 'invalid_request:code_challenge is required (PKCE, RFC 7636)'],
      [{ nonce: 'n-1' }, 'invalid_request:max_age must be a number of seconds'],
      [{ max_age: undefined }, 'invalid_request:id_token_hint is not an ID token issued to this client'],
    ];
    let parameters: AuthorizationParameters = everythingWrong;
    for (const [change, expected] of steps) {
      parameters = { ...parameters, ...change };
      const error = refusal(() => check.execute(WEB_CLIENT, URI, parameters, false)) as { code: string; error?: string; description?: string };
      const seen = error.error === undefined ? error.code : error.error === 'invalid_request' ? `invalid_request:${error.description}` : error.error;
      expect(seen, JSON.stringify(change)).to.equal(expected);
    }
    expect(check.execute(WEB_CLIENT, URI, { ...parameters, id_token_hint: 'ours' }, false)).to.include({ idTokenHintSubject: '7' });
  });
});

import { expect } from 'chai';
import { checkPkce } from '../../../../../src/application/oauth/authorization/checkPkce';
import { AuthorizationRequestError } from '../../../../../src/domain/authorizationErrors';
import { CHALLENGE, checkContext, checkRefusal, runCheck, SPA_CLIENT, WEB_CLIENT } from '../../../../support/authorizationChecks';

const OPENID = { granted: { scopes: ['openid', 'profile'], resources: [] } };
const PLAIN = { granted: { scopes: ['profile'], resources: [] } };
const REQUIRED = { error: 'invalid_request', description: 'code_challenge is required (PKCE, RFC 7636)' };

describe('checkPkce (RFC 7636 S256; optional only for a confidential OpenID request with a nonce)', () => {
  it('writes an S256 challenge of 43 base64url characters, from any client', () => {
    for (const client of [WEB_CLIENT, SPA_CLIENT, { ...WEB_CLIENT, requirePkce: true }]) {
      expect(runCheck(checkPkce, checkContext({ code_challenge: CHALLENGE, code_challenge_method: 'S256' }, { client }), PLAIN)).to.deep.include({ codeChallenge: CHALLENGE });
    }
  });

  it('refuses another method, a method left out, and a challenge of the wrong shape', () => {
    for (const method of [undefined, 'plain', 's256']) {
      expect(checkRefusal(checkPkce, checkContext({ code_challenge: CHALLENGE, code_challenge_method: method }), OPENID), String(method)).to.deep.include({
        error: 'invalid_request',
        description: 'code_challenge_method must be S256',
      });
    }
    for (const challenge of [CHALLENGE.slice(1), `${CHALLENGE}A`, `${CHALLENGE.slice(1)}=`, `${CHALLENGE.slice(1)}+`]) {
      expect(checkRefusal(checkPkce, checkContext({ code_challenge: challenge, code_challenge_method: 'S256' }), OPENID), challenge).to.deep.include({
        error: 'invalid_request',
        description: 'code_challenge must be 43 base64url characters',
      });
    }
  });

  it('lets a confidential client asking for openid with a nonce go without: nothing written', () => {
    expect(runCheck(checkPkce, checkContext({ nonce: 'n-1' }), OPENID)).to.deep.equal(OPENID);
  });

  it('requires it without a nonce, without openid granted, or with nothing granted yet', () => {
    expect(checkRefusal(checkPkce, checkContext({}), OPENID)).to.be.instanceOf(AuthorizationRequestError).and.deep.include(REQUIRED);
    expect(checkRefusal(checkPkce, checkContext({ nonce: 'n-1' }), PLAIN)).to.deep.include(REQUIRED);
    expect(checkRefusal(checkPkce, checkContext({ nonce: 'n-1' }))).to.deep.include(REQUIRED);
  });

  it('requires it of a public client, of a client registered --require-pkce, and of every client under AUTH_REQUIRE_PKCE=all', () => {
    expect(checkRefusal(checkPkce, checkContext({ nonce: 'n-1' }, { client: SPA_CLIENT }), OPENID)).to.deep.include(REQUIRED);
    expect(checkRefusal(checkPkce, checkContext({ nonce: 'n-1' }, { client: { ...WEB_CLIENT, requirePkce: true } }), OPENID)).to.deep.include(REQUIRED);
    expect(checkRefusal(checkPkce, checkContext({ nonce: 'n-1' }, { pkce: 'all' }), OPENID)).to.deep.include(REQUIRED);
  });

  it('refuses a method without a challenge, even where PKCE may be left out', () => {
    expect(checkRefusal(checkPkce, checkContext({ nonce: 'n-1', code_challenge_method: 'S256' }), OPENID)).to.deep.include({
      error: 'invalid_request',
      description: 'code_challenge_method without code_challenge',
    });
  });
});

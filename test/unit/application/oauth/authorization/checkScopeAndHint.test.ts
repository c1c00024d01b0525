import { expect } from 'chai';
import { checkIdTokenHint } from '../../../../../src/application/oauth/authorization/checkIdTokenHint';
import { checkScope } from '../../../../../src/application/oauth/authorization/checkScope';
import { AuthorizationRequestError } from '../../../../../src/domain/authorizationErrors';
import { InvalidScopeError, InvalidTargetError } from '../../../../../src/domain/grantErrors';
import { FakeIdTokenHints } from '../../../../support/FakeIdTokenHints';
import { checkContext, checkRefusal, runCheck, WEB_CLIENT } from '../../../../support/authorizationChecks';

describe('checkScope and checkIdTokenHint', () => {
  const client = { ...WEB_CLIENT, resources: ['https://api.example'] };

  it('checkScope: grants the scopes and resources named within the registration, all of them when none is named', () => {
    expect(runCheck(checkScope, checkContext({ scope: 'profile  openid profile' }, { client }))).to.deep.equal({ granted: { scopes: ['profile', 'openid'], resources: ['https://api.example'] } });
    expect(runCheck(checkScope, checkContext({}, { client }))).to.deep.equal({ granted: { scopes: ['openid', 'profile'], resources: ['https://api.example'] } });
    expect(runCheck(checkScope, checkContext({ scope: 'openid', resources: ['https://api.example'] }, { client }))).to.deep.equal({ granted: { scopes: ['openid'], resources: ['https://api.example'] } });
  });

  it('checkScope: a scope or resource beyond the registration is InvalidScopeError or InvalidTargetError', () => {
    expect(checkRefusal(checkScope, checkContext({ scope: 'openid orders:admin' }, { client }))).to.be.instanceOf(InvalidScopeError).with.property('scope', 'orders:admin');
    expect(checkRefusal(checkScope, checkContext({ resources: ['https://other.example'] }, { client }))).to.be.instanceOf(InvalidTargetError);
  });

  const hints = new FakeIdTokenHints({ ours: { subject: 'u-1', clientId: 'web' }, theirs: { subject: 'u-1', clientId: 'spa' } });

  it('checkIdTokenHint: absent writes nothing and reads nothing', () => {
    const quiet = new FakeIdTokenHints();
    expect(runCheck(checkIdTokenHint(quiet), checkContext({}))).to.deep.equal({});
    expect(quiet.readHints).to.deep.equal([]);
  });

  it("checkIdTokenHint: an ID token of ours issued to this client writes its subject", () => {
    expect(runCheck(checkIdTokenHint(hints), checkContext({ id_token_hint: 'ours' }))).to.deep.equal({ idTokenHintSubject: 'u-1' });
  });

  it('checkIdTokenHint: anything not ours, or issued to another client, is invalid_request', () => {
    for (const hint of ['forged', 'theirs']) {
      expect(checkRefusal(checkIdTokenHint(hints), checkContext({ id_token_hint: hint })), hint).to.be.instanceOf(AuthorizationRequestError).and.deep.include({
        error: 'invalid_request',
        description: 'id_token_hint is not an ID token issued to this client',
      });
    }
  });
});

describe('checkScope and admin scopes', () => {
  const client = { ...WEB_CLIENT, scopes: ['openid', 'admin:users'] };

  it('never grants an admin scope at the authorization endpoint: left out when none is named, refused when named', () => {
    expect(runCheck(checkScope, checkContext({}, { client }))).to.deep.equal({ granted: { scopes: ['openid'], resources: [] } });
    const refusal = checkRefusal(checkScope, checkContext({ scope: 'openid admin:users' }, { client }));
    expect(refusal).to.be.instanceOf(InvalidScopeError).with.property('scope', 'admin:users');
    expect((refusal as Error).message).to.match(/client_credentials only/);
  });
});

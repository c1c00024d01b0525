import { expect } from 'chai';
import { InvalidScopeError } from '../../../src/domain/grantErrors';
import { accessWithin } from '../../../src/domain/model/GrantedAccess';
import { grantsOpenId, OPENID_NEEDS_ASYMMETRIC_KEY, openIdWithheld } from '../../../src/domain/model/OpenIdScope';

const REGISTERED = { id: 'web', scopes: ['openid', 'profile', 'orders:read'], resources: ['https://orders.example'] };

describe('OpenIdScope: the openid scope, and withholding it where ID tokens cannot be signed', () => {
  it('grantsOpenId: only the exact scope openid', () => {
    expect(grantsOpenId(['profile', 'openid'])).to.equal(true);
    expect(grantsOpenId(['profile', 'OpenID', 'openid2'])).to.equal(false);
    expect(grantsOpenId([])).to.equal(false);
  });

  it('a registration without openid is kept as it is (the same object)', () => {
    const plain = { scopes: ['profile'], resources: [] };
    expect(openIdWithheld(plain)).to.equal(plain);
  });

  it('a registration with openid: the other scopes and everything else kept, openid withheld with its reason', () => {
    const withheld = openIdWithheld(REGISTERED);
    expect(withheld).to.include({ id: 'web' });
    expect(withheld.scopes).to.deep.equal(['profile', 'orders:read']);
    expect(withheld.resources).to.deep.equal(['https://orders.example']);
    expect([...(withheld.withheldScopes ?? [])]).to.deep.equal([['openid', OPENID_NEEDS_ASYMMETRIC_KEY]]);
    expect(REGISTERED.scopes, 'the registration itself is untouched').to.deep.equal(['openid', 'profile', 'orders:read']);
  });

  it('accessWithin: nothing asked grants the rest; openid asked is invalid_scope saying why; another unknown scope keeps the usual reason, a standard one is left out', () => {
    const withheld = openIdWithheld(REGISTERED);
    expect(accessWithin(withheld, {}).scopes).to.deep.equal(['profile', 'orders:read']);
    expect(() => accessWithin(withheld, { scopes: ['profile', 'openid'] }))
      .to.throw(InvalidScopeError, 'openid needs an asymmetric signing key: AUTH_SIGN_METHOD rsa or ecdsa')
      .with.property('scope', 'openid');
    expect(accessWithin(withheld, { scopes: ['email', 'profile'] }).scopes).to.deep.equal(['profile']);
    expect(() => accessWithin(withheld, { scopes: ['orders:write'] })).to.throw(InvalidScopeError, "the scope 'orders:write' may not be granted to this client");
    expect(() => accessWithin(withheld, { scopes: ['constructor'] })).to.throw(InvalidScopeError, "the scope 'constructor' may not be granted to this client");
  });
});

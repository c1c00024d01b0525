import { expect } from 'chai';
import { InvalidScopeError, InvalidTargetError } from '../../../src/domain/grantErrors';
import { accessStillRegistered, accessWithin, NO_PARTICULAR_ACCESS } from '../../../src/domain/model/GrantedAccess';

const REGISTERED = { scopes: ['orders:read', 'orders:write', 'openid'], resources: ['https://orders.example', 'https://billing.example/api'] };

function refusal(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return null;
}

describe('accessWithin: what a request is granted (RFC 6749 §3.3, RFC 8707 §2)', () => {
  it('grants everything allowed when nothing is asked', () => {
    expect(accessWithin(REGISTERED, {})).to.deep.equal(REGISTERED);
  });

  it('grants exactly what is asked among what is allowed, in the order asked, once each', () => {
    expect(accessWithin(REGISTERED, { scopes: ['orders:write', 'orders:read', 'orders:write'], resources: ['https://billing.example/api'] })).to.deep.equal({
      scopes: ['orders:write', 'orders:read'],
      resources: ['https://billing.example/api'],
    });
    expect(accessWithin(REGISTERED, { scopes: [] })).to.deep.equal({ scopes: [], resources: REGISTERED.resources });
  });

  it('refuses a scope beyond what is allowed with InvalidScopeError naming it', () => {
    const error = refusal(() => accessWithin(REGISTERED, { scopes: ['orders:read', 'admin'] }));
    expect(error).to.be.instanceOf(InvalidScopeError);
    expect((error as InvalidScopeError).scope).to.equal('admin');
    expect((error as InvalidScopeError).code).to.equal('INVALID_SCOPE');
  });

  it('refuses a resource beyond what is allowed with InvalidTargetError naming it, compared exactly (no normalisation)', () => {
    const error = refusal(() => accessWithin(REGISTERED, { resources: ['https://orders.example/'] }));
    expect(error).to.be.instanceOf(InvalidTargetError);
    expect((error as InvalidTargetError).resource).to.equal('https://orders.example/');
    expect((error as InvalidTargetError).code).to.equal('INVALID_TARGET');
  });

  it('allows nothing in particular to a grant of nothing in particular', () => {
    expect(accessWithin(NO_PARTICULAR_ACCESS, {})).to.deep.equal({ scopes: [], resources: [] });
    expect(refusal(() => accessWithin(NO_PARTICULAR_ACCESS, { scopes: ['openid'] }))).to.be.instanceOf(InvalidScopeError);
    expect(refusal(() => accessWithin(NO_PARTICULAR_ACCESS, { resources: ['https://orders.example'] }))).to.be.instanceOf(InvalidTargetError);
  });
});

describe('accessStillRegistered: an earlier grant as the registration allows it now', () => {
  const GRANTED = { scopes: ['orders:read', 'orders:write'], resources: ['https://orders.example', 'https://billing.example/api'] };

  it('keeps the whole grant while the registration still allows it, in the grant order', () => {
    expect(accessStillRegistered(GRANTED, REGISTERED)).to.deep.equal(GRANTED);
  });

  it('drops what the registration no longer names, scopes and resources alike', () => {
    expect(accessStillRegistered(GRANTED, { scopes: ['orders:write', 'openid'], resources: ['https://billing.example/api'] })).to.deep.equal({
      scopes: ['orders:write'],
      resources: ['https://billing.example/api'],
    });
    expect(accessStillRegistered(GRANTED, { scopes: ['orders:read'], resources: [] })).to.deep.equal({ scopes: ['orders:read'], resources: [] });
  });

  it('refuses with InvalidScopeError when the grant had scopes and none is left', () => {
    const error = refusal(() => accessStillRegistered(GRANTED, { scopes: ['openid'], resources: GRANTED.resources }));
    expect(error).to.be.instanceOf(InvalidScopeError);
    expect(error).to.include({ scope: 'orders:read', message: 'none of the scopes granted is still registered for the client' });
  });

  it('a grant of no scope stays one (not a refusal) whatever the registration', () => {
    expect(accessStillRegistered(NO_PARTICULAR_ACCESS, { scopes: [], resources: [] })).to.deep.equal(NO_PARTICULAR_ACCESS);
    expect(accessStillRegistered({ scopes: [], resources: ['https://orders.example'] }, REGISTERED)).to.deep.equal({ scopes: [], resources: ['https://orders.example'] });
  });
});

describe('accessWithin: standard OpenID scopes beyond what is allowed (OIDC Core §5.4)', () => {
  it('leaves profile, email, phone, address and offline_access out of the grant instead of refusing', () => {
    const asked = ['openid', 'profile', 'email', 'phone', 'address', 'offline_access', 'orders:read'];
    expect(accessWithin(REGISTERED, { scopes: asked }).scopes).to.deep.equal(['openid', 'orders:read']);
    expect(accessWithin(NO_PARTICULAR_ACCESS, { scopes: ['profile'] }).scopes).to.deep.equal([]);
  });

  it('grants a standard scope the client is registered for', () => {
    const allowed = { scopes: ['openid', 'email'], resources: [] };
    expect(accessWithin(allowed, { scopes: ['openid', 'profile', 'email'] }).scopes).to.deep.equal(['openid', 'email']);
  });

  it('still refuses any other scope beyond what is allowed, even beside a dropped standard one', () => {
    const error = refusal(() => accessWithin(REGISTERED, { scopes: ['profile', 'admin'] }));
    expect((error as InvalidScopeError).scope).to.equal('admin');
    expect((refusal(() => accessWithin(NO_PARTICULAR_ACCESS, { scopes: ['Profile'] })) as InvalidScopeError).scope).to.equal('Profile');
  });

  it('still refuses a withheld openid with its reason', () => {
    const withheld = { scopes: [], resources: [], withheldScopes: new Map([['openid', 'needs an asymmetric key']]) };
    const error = refusal(() => accessWithin(withheld, { scopes: ['openid', 'profile'] }));
    expect((error as InvalidScopeError).scope).to.equal('openid');
  });
});

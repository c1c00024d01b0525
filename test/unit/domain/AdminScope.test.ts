import { expect } from 'chai';
import { ADMIN_SCOPES_CLIENT_CREDENTIALS_ONLY, adminAllows, adminScopeOf, adminScopesWithheld, isAdminScope } from '../../../src/domain/model/AdminScope';
import { clientRegistrationOf } from '../../../src/domain/model/ClientRegistration';
import { InvalidRequestError } from '../../../src/domain/errors';

describe('admin scopes', () => {
  it('admin:read reads every area and the trail, writes none; an area scope reads and writes its area alone', () => {
    for (const area of ['users', 'clients', 'keys'] as const) {
      expect(adminAllows(['admin:read'], area, false), `read ${area}`).to.equal(true);
      expect(adminAllows(['admin:read'], area, true), `write ${area}`).to.equal(false);
      expect(adminAllows([adminScopeOf(area)], area, true), `${area} writes`).to.equal(true);
      expect(adminAllows([adminScopeOf(area)], area, false), `${area} reads`).to.equal(true);
    }
    expect(adminAllows(['admin:users'], 'clients', false)).to.equal(false);
    expect(adminAllows(['admin:users'], 'keys', true)).to.equal(false);
    expect(adminAllows(['admin:read'], 'events', false)).to.equal(true);
    expect(adminAllows(['admin:users', 'admin:clients', 'admin:keys'], 'events', false)).to.equal(false);
    expect(adminAllows(['admin:read'], 'events', true)).to.equal(false);
    expect(adminAllows([], 'users', false)).to.equal(false);
    expect(adminAllows(['admin:events'], 'events', false), 'no scope of its own reads the trail').to.equal(false);
    expect(adminAllows(['admin:events'], 'events', true)).to.equal(false);
    expect(['users', 'clients', 'keys'].map((area) => adminScopeOf(area as 'users'))).to.deep.equal(['admin:users', 'admin:clients', 'admin:keys']);
    expect(adminAllows(['openid', 'admin'], 'users', false)).to.equal(false);
  });

  it('every scope of the admin: namespace is one, known or not; nothing else is', () => {
    expect(['admin:read', 'admin:users', 'admin:anything'].every(isAdminScope)).to.equal(true);
    expect(['admin', 'openid', 'read:admin', 'xadmin:read'].some(isAdminScope)).to.equal(false);
  });

  it('user grants withhold admin scopes with the reason, keep the rest and what was withheld before', () => {
    const before = new Map([['openid', 'no key']]);
    const withheld = adminScopesWithheld({ scopes: ['admin:users', 'orders', 'admin:read'], resources: ['https://api.example'], withheldScopes: before });
    expect(withheld.scopes).to.deep.equal(['orders']);
    expect(withheld.resources).to.deep.equal(['https://api.example']);
    expect([...(withheld.withheldScopes ?? [])]).to.deep.equal([
      ['openid', 'no key'],
      ['admin:users', ADMIN_SCOPES_CLIENT_CREDENTIALS_ONLY],
      ['admin:read', ADMIN_SCOPES_CLIENT_CREDENTIALS_ONLY],
    ]);
    expect(before.size, 'the registration is left as it was').to.equal(1);
    const plain = { scopes: ['orders'], resources: [] };
    expect(adminScopesWithheld(plain)).to.equal(plain);
  });

  it('a public client cannot be registered with an admin scope; a confidential one can', () => {
    const registration = { redirectUris: [], grants: ['client_credentials'], scopes: ['admin:read'], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false };
    expect(clientRegistrationOf({ ...registration, kind: 'confidential' }).scopes).to.deep.equal(['admin:read']);
    expect(() => clientRegistrationOf({ ...registration, kind: 'public', grants: ['refresh_token'], scopes: ['orders', 'admin:keys'] }))
      .to.throw(InvalidRequestError, `scope "admin:keys" needs a confidential client: ${ADMIN_SCOPES_CLIENT_CREDENTIALS_ONLY}`);
  });
});

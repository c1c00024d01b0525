import { expect } from 'chai';
import { AccountOverview } from '../../../../src/application/account/AccountOverview';
import { AccountPageClients } from '../../../../src/application/account/AccountPageClients';
import { ACCOUNT_PAGE_CLIENT_ID, accountPageClient, accountPageUri } from '../../../../src/domain/model/AccountPageClient';
import { accountSessionOf, accountUser } from '../../../support/accountSessionOf';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { registeredClient } from '../../../support/oauthClients';

describe('AccountOverview', () => {
  const now = Date.parse('2026-01-01T00:00:00Z') / 1000;
  const alice = accountUser('alice');
  const session = accountSessionOf('alice', 'sid-here');

  it('shows the user\'s factors, recovery codes left, live sessions (this one marked) and approved apps by name', async () => {
    const factors = new InMemorySecondFactorStore();
    factors.enrolTotp(alice.id, 'SECRET');
    factors.others.push({ id: 'pk-bob', userId: 'u-bob', kind: 'passkey', label: 'Bob', createdAt: new Date(0) });
    factors.recovery.set(alice.id, new Set(['A', 'B']));
    const sessions = new InMemorySignInSessionStore();
    await sessions.create('t-here', { user: alice, authTime: now - 100, expiresAt: now + 100, sid: 'sid-here' });
    await sessions.create('t-old', { user: alice, authTime: 0, expiresAt: now + 50 });
    await sessions.create('t-gone', { user: alice, authTime: now - 100, expiresAt: now, sid: 'sid-gone' });
    await sessions.create('t-bob', { user: accountUser('bob'), authTime: now, expiresAt: now + 100, sid: 'sid-bob' });
    const consents = new InMemoryConsentStore();
    await consents.approve(alice.id, 'named', ['openid', 'profile'], now);
    await consents.approve(alice.id, 'removed-app', [], now);
    const clients = new InMemoryOAuthClientStore([{ client: registeredClient({ id: 'named', kind: 'public', redirectUris: ['https://a.example/cb'], name: 'Named App' }) }]);
    const overview = await new AccountOverview(factors, factors, sessions, consents, clients, new FixedClock('2026-01-01T00:00:00Z')).execute({ session });
    expect(overview.factors.map((factor) => factor.kind)).to.deep.equal(['totp']);
    expect(overview.recoveryCodesLeft).to.equal(2);
    expect(overview.sessions).to.deep.equal([
      { sid: null, signedInAt: null, expiresAt: new Date((now + 50) * 1000), current: false },
      { sid: 'sid-here', signedInAt: new Date((now - 100) * 1000), expiresAt: new Date((now + 100) * 1000), current: true },
    ]);
    expect(overview.consents).to.deep.equal([
      { clientId: 'named', name: 'Named App', scopes: ['openid', 'profile'] },
      { clientId: 'removed-app', name: 'removed-app', scopes: [] },
    ]);
  });
});

describe('AccountPageClients', () => {
  it('finds the account page\'s own client (public, first party, PKCE, one redirect URI under the issuer of the moment) and every other through the store', async () => {
    let issuer = 'https://id.example/auth/';
    const store = new InMemoryOAuthClientStore([{ client: registeredClient({ id: 'webapp', kind: 'public', redirectUris: ['https://a.example/cb'] }) }]);
    const clients = new AccountPageClients(store, () => issuer);
    const own = await clients.find(ACCOUNT_PAGE_CLIENT_ID);
    expect(own).to.deep.equal(accountPageClient('https://id.example/auth/'));
    expect(own).to.deep.equal({
      id: 'urn:auth-service:account-page',
      name: 'Account',
      logoUri: null,
      policyUri: null,
      tosUri: null,
      kind: 'public',
      redirectUris: ['https://id.example/auth/account'],
      grants: ['authorization_code'],
      scopes: [],
      resources: [],
      firstParty: true,
      postLogoutRedirectUris: [],
      requirePkce: true,
    });
    issuer = 'https://other.example/auth';
    expect((await clients.find(ACCOUNT_PAGE_CLIENT_ID))?.redirectUris).to.deep.equal(['https://other.example/auth/account']);
    expect((await clients.find('webapp'))?.id).to.equal('webapp');
    expect(await clients.find('nobody')).to.equal(null);
  });

  it('puts the page under the issuer, whatever trailing slashes it has', () => {
    expect(accountPageUri('http://localhost:3000/auth')).to.equal('http://localhost:3000/auth/account');
    expect(accountPageUri('http://localhost:3000/auth//')).to.equal('http://localhost:3000/auth/account');
  });
});

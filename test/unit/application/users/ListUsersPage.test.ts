import { expect } from 'chai';
import { ListClientsPage } from '../../../../src/application/clients/ListClientsPage';
import { ListUsersPage } from '../../../../src/application/users/ListUsersPage';
import { keyedPage } from '../../../../src/domain/model/KeyedPage';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { registeredClient } from '../../../support/oauthClients';
import { storedUser } from '../../../support/userAccounts';

describe('pages of users and clients, as the stores read them', () => {
  it('keyedPage: the rows beyond the limit only say a next page starts after the last item kept', () => {
    expect(keyedPage(['a', 'b', 'c'], 2, (item) => `k-${item}`)).to.deep.equal({ items: ['a', 'b'], nextAfter: 'k-b' });
    expect(keyedPage(['a', 'b'], 2, (item) => item)).to.deep.equal({ items: ['a', 'b'], nextAfter: null });
    expect(keyedPage([], 2, (item: string) => item)).to.deep.equal({ items: [], nextAfter: null });
  });

  it('ListUsersPage: account order, limit + 1 asked of the store, summaries without the hash, every user once across pages', async () => {
    const users = new InMemoryUserRepository();
    for (const [account, id] of [['erin', 'u5'], ['bob', 'u2'], ['alice', 'u1'], ['dave', 'u4'], ['carol', 'u3']]) await users.add(storedUser(account, id));
    const asked: Array<[string | null, number]> = [];
    const listAfter = users.listAfter.bind(users);
    users.listAfter = (after, limit) => {
      asked.push([after, limit]);
      return listAfter(after, limit);
    };
    const factors = new InMemorySecondFactorStore();
    factors.others.push({ id: 'f-key', userId: 'u2', kind: 'passkey', label: 'laptop', createdAt: new Date(0) });
    const use = new ListUsersPage(users, factors);
    const first = await use.execute({ limit: 2 });
    expect(first.items.map((user) => user.account)).to.deep.equal(['alice', 'bob']);
    expect(first.nextAfter).to.equal('bob');
    expect(first.items[0]).to.not.have.property('passwordHash');
    expect(first.items.map((user) => user.secondFactors)).to.deep.equal([[], ['passkey']]);
    const second = await use.execute({ after: 'bob', limit: 2 });
    expect(second.items.map((user) => user.account)).to.deep.equal(['carol', 'dave']);
    const last = await use.execute({ after: second.nextAfter ?? undefined, limit: 2 });
    expect(last).to.deep.equal({ items: [last.items[0]], nextAfter: null });
    expect(last.items[0].account).to.equal('erin');
    expect(asked).to.deep.equal([
      [null, 3],
      ['bob', 3],
      ['dave', 3],
    ]);
  });

  it('ListClientsPage: id order, a page at a time, the next key the last id kept', async () => {
    const clients = new InMemoryOAuthClientStore();
    for (const id of ['web', 'api', 'ops']) await clients.add(registeredClient({ id, kind: 'public', redirectUris: [] }), null);
    const use = new ListClientsPage(clients);
    const first = await use.execute({ limit: 2 });
    expect(first.items.map((client) => client.id)).to.deep.equal(['api', 'ops']);
    expect(first.nextAfter).to.equal('ops');
    expect(await use.execute({ after: 'ops', limit: 2 })).to.deep.include({ nextAfter: null });
    expect((await use.execute({ after: 'ops', limit: 2 })).items.map((client) => client.id)).to.deep.equal(['web']);
  });
});

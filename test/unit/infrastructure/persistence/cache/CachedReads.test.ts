import { expect } from 'chai';
import type { OAuthClient } from '../../../../../src/domain/model/OAuthClient';
import type { SecondFactor } from '../../../../../src/domain/model/SecondFactor';
import type { UserAccount } from '../../../../../src/domain/model/UserAccount';
import { BoundedProcessCache } from '../../../../../src/infrastructure/persistence/cache/BoundedProcessCache';
import { CachedClientSecrets } from '../../../../../src/infrastructure/persistence/cache/CachedClientSecrets';
import { CachedSecondFactors } from '../../../../../src/infrastructure/persistence/cache/CachedSecondFactors';
import { CachedUserReads } from '../../../../../src/infrastructure/persistence/cache/CachedUserReads';
import { secretDigest, type ClientRecord } from '../../../../../src/infrastructure/persistence/clientSecretMatch';

const trusted = <V>() => {
  const cache = new BoundedProcessCache<V>(10);
  cache.trust();
  return cache;
};

describe('CachedClientSecrets', () => {
  const client = (kind: OAuthClient['kind']) => ({ id: 'app', kind }) as OAuthClient;
  let records: Map<string, ClientRecord>;
  let reads: number;
  const store = {
    findRecord: async (id: string) => {
      reads++;
      return records.get(id) ?? null;
    },
    hasConfidential: async () => records.size > 0,
  };
  const setSecret = (secret: string, kind: OAuthClient['kind'] = 'confidential') => records.set('app', { client: client(kind), secretDigest: secretDigest(secret) });

  beforeEach(() => {
    records = new Map();
    reads = 0;
  });

  it('checks a matching secret against the cached digest, without the store', async () => {
    setSecret('s1');
    const secrets = new CachedClientSecrets(store, trusted());
    expect(await secrets.findConfidential('app', 's1')).to.deep.equal(client('confidential'));
    expect(await secrets.findConfidential('app', 's1')).to.deep.equal(client('confidential'));
    expect(reads).to.equal(1);
  });

  it('checks a secret the cached digest refuses against the store: a new secret works at once', async () => {
    setSecret('s1');
    const secrets = new CachedClientSecrets(store, trusted());
    await secrets.findConfidential('app', 's1');
    setSecret('s2');
    expect(await secrets.findConfidential('app', 's2')).to.deep.equal(client('confidential'));
    expect(reads).to.equal(2);
    expect(await secrets.findConfidential('app', 's2')).to.deep.equal(client('confidential'));
    expect(reads).to.equal(2);
  });

  it('refuses a wrong secret, a public client and an unknown id, and caches no unknown id', async () => {
    setSecret('s1');
    const cache = trusted<ClientRecord | null>();
    const secrets = new CachedClientSecrets(store, cache);
    expect(await secrets.findConfidential('app', 'wrong')).to.equal(null);
    expect(await secrets.findConfidential('nobody', 's1')).to.equal(null);
    expect(await secrets.findConfidential('nobody', 's1')).to.equal(null);
    expect(reads).to.equal(3);
    expect(cache.held('client:nobody')).to.equal(undefined);
    setSecret('s1', 'public');
    expect(await new CachedClientSecrets(store, trusted()).findConfidential('app', 's1')).to.equal(null);
  });

  it('asks the store whether a confidential client exists', async () => {
    const secrets = new CachedClientSecrets(store, trusted());
    expect(await secrets.hasConfidential()).to.equal(false);
    setSecret('s1');
    expect(await secrets.hasConfidential()).to.equal(true);
  });
});

describe('CachedUserReads', () => {
  const bob = { id: 'u1', account: 'Bob', status: 'active' } as UserAccount;
  let asked: string[];
  const store = {
    findByAccount: async (account: string) => {
      asked.push(`account ${account}`);
      return account.toLowerCase() === 'bob' ? bob : null;
    },
    findById: async (id: string) => {
      asked.push(`id ${id}`);
      return id === 'u1' ? bob : null;
    },
  };

  beforeEach(() => {
    asked = [];
  });

  it('keeps a user found by account under its account key, and by id under its id', async () => {
    const cache = trusted<UserAccount | null>();
    const users = new CachedUserReads(store, cache);
    expect(await users.findByAccount('BOB')).to.equal(bob);
    expect(await users.findByAccount('bob')).to.equal(bob);
    expect(await users.findById('u1')).to.equal(bob);
    expect(await users.findById('u1')).to.equal(bob);
    expect(asked).to.deep.equal(['account BOB', 'id u1']);
    expect([cache.held('account:bob'), cache.held('user:u1')]).to.deep.equal([bob, bob]);
  });

  it('does not keep a user not found: one added later is seen at once', async () => {
    const users = new CachedUserReads(store, trusted());
    expect(await users.findByAccount('eve')).to.equal(null);
    expect(await users.findById('u9')).to.equal(null);
    expect(await users.findByAccount('eve')).to.equal(null);
    expect(await users.findById('u9')).to.equal(null);
    expect(asked).to.have.length(4);
  });
});

describe('CachedSecondFactors', () => {
  it("keeps a user's factors under `factors:<user id>`, an empty list included", async () => {
    const totp = { id: 'f1', userId: 'u1', kind: 'totp' } as SecondFactor;
    let asked = 0;
    const cache = trusted<readonly SecondFactor[]>();
    const factors = new CachedSecondFactors(
      {
        listOf: async (userId) => {
          asked++;
          return userId === 'u1' ? [totp] : [];
        },
      },
      cache,
    );
    expect(await factors.listOf('u1')).to.deep.equal([totp]);
    expect(await factors.listOf('u1')).to.deep.equal([totp]);
    expect(await factors.listOf('u2')).to.deep.equal([]);
    expect(await factors.listOf('u2')).to.deep.equal([]);
    expect(asked).to.equal(2);
    expect(cache.held('factors:u1')).to.deep.equal([totp]);
  });
});

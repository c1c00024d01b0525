import { expect } from 'chai';
import { BoundedProcessCache } from '../../../../../src/infrastructure/persistence/cache/BoundedProcessCache';
import { parseStoreChange } from '../../../../../src/infrastructure/persistence/cache/StoreChange';
import { StoreChangeInvalidation } from '../../../../../src/infrastructure/persistence/cache/StoreChangeInvalidation';

describe('StoreChangeInvalidation', () => {
  /** A cache watching `topics`, trusted and holding `keys` (each key's value is the key itself). */
  const filled = async (invalidation: StoreChangeInvalidation, topics: Parameters<StoreChangeInvalidation['watch']>[1], keys: string[]) => {
    const cache = new BoundedProcessCache<string>(10);
    invalidation.watch(cache as BoundedProcessCache<unknown>, topics);
    cache.trust();
    for (const key of keys) await cache.read(key, async () => key);
    return cache;
  };

  it('drops the entry a change names from the caches that watch its topic, and nothing else', async () => {
    const invalidation = new StoreChangeInvalidation();
    const users = await filled(invalidation, ['user', 'account'], ['user:u1', 'user:u2', 'account:bob']);
    const clients = await filled(invalidation, ['client'], ['client:u1', 'client:app']);
    invalidation.changed({ topic: 'user', key: 'u1' });
    invalidation.changed({ topic: 'account', key: 'bob' });
    invalidation.changed({ topic: 'client', key: 'app' });
    invalidation.changed({ topic: 'factors', key: 'u2' });
    expect([users.held('user:u1'), users.held('account:bob'), users.held('user:u2')]).to.deep.equal([undefined, undefined, 'user:u2']);
    expect([clients.held('client:app'), clients.held('client:u1')]).to.deep.equal([undefined, 'client:u1']);
  });

  it('a lost feed makes every cache read the store; a resumed one trusts them again, empty', async () => {
    const invalidation = new StoreChangeInvalidation();
    const users = await filled(invalidation, ['user'], ['user:u1']);
    const factors = await filled(invalidation, ['factors'], ['factors:u1']);
    invalidation.lost();
    expect([users.size, factors.size]).to.deep.equal([0, 0]);
    await users.read('user:u1', async () => 'fresh');
    expect(users.held('user:u1')).to.equal(undefined);
    invalidation.resumed();
    await users.read('user:u1', async () => 'fresh');
    expect(users.held('user:u1')).to.equal('fresh');
  });

  it('a cache watched after the feed resumed starts trusted; one watched while it is lost does not', async () => {
    const invalidation = new StoreChangeInvalidation();
    const early = new BoundedProcessCache<string>(10);
    invalidation.watch(early as BoundedProcessCache<unknown>, ['client']);
    await early.read('client:a', async () => 'a');
    expect(early.size).to.equal(0);
    invalidation.resumed();
    const late = new BoundedProcessCache<string>(10);
    invalidation.watch(late as BoundedProcessCache<unknown>, ['client']);
    await late.read('client:a', async () => 'a');
    expect(late.held('client:a')).to.equal('a');
    invalidation.lost();
    const whileLost = new BoundedProcessCache<string>(10);
    invalidation.watch(whileLost as BoundedProcessCache<unknown>, ['client']);
    await whileLost.read('client:a', async () => 'a');
    expect(whileLost.size).to.equal(0);
  });
});

describe('parseStoreChange', () => {
  it('reads `<topic>:<key>`, the key keeping any further colon', () => {
    expect(parseStoreChange('client:app')).to.deep.equal({ topic: 'client', key: 'app' });
    expect(parseStoreChange('account:a:b')).to.deep.equal({ topic: 'account', key: 'a:b' });
    expect(parseStoreChange('factors:')).to.deep.equal({ topic: 'factors', key: '' });
  });

  it('answers null for an unknown topic or no colon', () => {
    expect(parseStoreChange('keys:k1')).to.equal(null);
    expect(parseStoreChange('client')).to.equal(null);
    expect(parseStoreChange(':x')).to.equal(null);
    expect(parseStoreChange('userx')).to.equal(null);
  });
});

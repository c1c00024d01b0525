import { expect } from 'chai';
import { BoundedProcessCache } from '../../../../../src/infrastructure/persistence/cache/BoundedProcessCache';
import { droppingOnWrites } from '../../../../../src/infrastructure/persistence/cache/droppingOnWrites';
import { rejection } from '../../../../support/rejection';

describe('droppingOnWrites', () => {
  class Store {
    rows = new Map<string, string>();
    failing = false;
    async find(key: string): Promise<string | null> {
      return this.rows.get(key) ?? null;
    }
    async put(key: string, value: string): Promise<boolean> {
      if (this.failing) throw new Error('store down');
      this.rows.set(key, value);
      return true;
    }
  }

  const filled = async () => {
    const cache = new BoundedProcessCache<unknown>(10);
    cache.trust();
    await cache.read('k', async () => 'cached');
    return cache;
  };

  it("a write empties the caches once it ended and answers the adapter's answer; a read leaves them", async () => {
    const caches = [await filled(), await filled()];
    const store = droppingOnWrites(new Store(), ['put'], caches);
    expect(await store.find('k')).to.equal(null);
    expect(caches.map((cache) => cache.size)).to.deep.equal([1, 1]);
    expect(await store.put('k', 'v')).to.equal(true);
    expect(caches.map((cache) => cache.size)).to.deep.equal([0, 0]);
    expect(await store.find('k')).to.equal('v');
  });

  it('a failed write empties them too (it may have committed) and rejects as the adapter did', async () => {
    const cache = await filled();
    const adapter = new Store();
    adapter.failing = true;
    const store = droppingOnWrites(adapter, ['put'], [cache]);
    expect(((await rejection(store.put('k', 'v'))) as Error).message).to.equal('store down');
    expect(cache.size).to.equal(0);
  });

  it('refuses a write that is no method of the adapter', () => {
    expect(() => droppingOnWrites(new Store(), ['rows'], [])).to.throw(TypeError, 'rows is no method');
  });
});

import { expect } from 'chai';
import { BoundedProcessCache } from '../../../../../src/infrastructure/persistence/cache/BoundedProcessCache';
import { rejection } from '../../../../support/rejection';

describe('BoundedProcessCache', () => {
  let loads: string[];
  const loader = (value: string) => async () => {
    loads.push(value);
    return value;
  };

  beforeEach(() => {
    loads = [];
  });

  const trusted = (capacity = 10) => {
    const cache = new BoundedProcessCache<string>(capacity);
    cache.trust();
    return cache;
  };

  it('reads the store every time until it is trusted', async () => {
    const cache = new BoundedProcessCache<string>(10);
    expect(await cache.read('a', loader('1'))).to.equal('1');
    expect(await cache.read('a', loader('2'))).to.equal('2');
    expect(cache.held('a')).to.equal(undefined);
    expect(cache.size).to.equal(0);
  });

  it('once trusted, answers a held entry from memory', async () => {
    const cache = trusted();
    await cache.read('a', loader('1'));
    expect(await cache.read('a', loader('2'))).to.equal('1');
    expect(loads).to.deep.equal(['1']);
  });

  it('drop forgets one entry, dropAll every entry', async () => {
    const cache = trusted();
    await cache.read('a', loader('a1'));
    await cache.read('b', loader('b1'));
    cache.drop('a');
    expect(await cache.read('a', loader('a2'))).to.equal('a2');
    expect(await cache.read('b', loader('b2'))).to.equal('b1');
    cache.dropAll();
    expect(cache.size).to.equal(0);
    expect(await cache.read('b', loader('b3'))).to.equal('b3');
  });

  it('does not keep a load that was in flight when anything was dropped', async () => {
    const cache = trusted();
    let finish: (value: string) => void = () => undefined;
    const pending = cache.load('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.drop('other');
    finish('stale');
    expect(await pending).to.equal('stale');
    expect(cache.held('a')).to.equal(undefined);
  });

  it('keeps only what `keep` accepts, and nothing of a failed load', async () => {
    const cache = trusted();
    await cache.read('a', loader('no'), (value) => value !== 'no');
    expect(cache.held('a')).to.equal(undefined);
    const failure = new Error('store down');
    expect(await rejection(cache.read('b', () => Promise.reject(failure)))).to.equal(failure);
    expect(cache.size).to.equal(0);
  });

  it('holds at most `capacity` entries, the least recently used going first', async () => {
    const cache = trusted(2);
    await cache.read('a', loader('a'));
    await cache.read('b', loader('b'));
    expect(cache.held('a')).to.equal('a');
    await cache.read('c', loader('c'));
    expect(cache.size).to.equal(2);
    expect(cache.held('b')).to.equal(undefined);
    expect(cache.held('a')).to.equal('a');
    expect(cache.held('c')).to.equal('c');
  });

  it('a reload of a held key replaces it without evicting another', async () => {
    const cache = trusted(2);
    await cache.read('a', loader('a1'));
    await cache.read('b', loader('b'));
    await cache.load('a', loader('a2'));
    expect(cache.size).to.equal(2);
    expect(cache.held('b')).to.equal('b');
    expect(cache.held('a')).to.equal('a2');
  });

  it('distrust forgets everything and reads the store until trusted again, which starts empty', async () => {
    const cache = trusted();
    await cache.read('a', loader('1'));
    cache.distrust();
    expect(cache.size).to.equal(0);
    expect(await cache.read('a', loader('2'))).to.equal('2');
    expect(cache.size).to.equal(0);
    cache.trust();
    expect(await cache.read('a', loader('3'))).to.equal('3');
    expect(await cache.read('a', loader('4'))).to.equal('3');
  });

  it('does not keep a load begun before it was distrusted, nor one begun before it was trusted', async () => {
    const cache = trusted();
    let finish: (value: string) => void = () => undefined;
    const before = cache.load('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.distrust();
    cache.trust();
    finish('old');
    await before;
    expect(cache.held('a')).to.equal(undefined);
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedProcessCache(0)).to.throw(RangeError);
    expect(() => new BoundedProcessCache(1.5)).to.throw(RangeError);
  });

  it('a cache of one entry holds one', async () => {
    const cache = trusted(1);
    await cache.read('a', loader('a'));
    expect(cache.held('a')).to.equal('a');
    expect(() => new BoundedProcessCache(0)).to.throw('a cache holds at least one entry');
  });

  it('a drop and an emptying in turn while a load is in flight still keep it out', async () => {
    const cache = trusted();
    let finish: (value: string) => void = () => undefined;
    const pending = cache.load('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.drop('x');
    cache.dropAll();
    finish('stale');
    await pending;
    expect(cache.held('a')).to.equal(undefined);
  });
});

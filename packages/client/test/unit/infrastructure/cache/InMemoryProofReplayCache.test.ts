import { expect } from 'chai';
import { DEFAULT_PROOF_REPLAY_CACHE_SIZE, InMemoryProofReplayCache } from '../../../../src/infrastructure/cache/InMemoryProofReplayCache';

describe('InMemoryProofReplayCache: the proofs this process has seen, bounded', () => {
  it('answers true the first time, false for a replay until its expiry, true again after it', () => {
    const cache = new InMemoryProofReplayCache();
    expect(cache.firstUse('K j', 160, 100)).to.equal(true);
    expect(cache.firstUse('K j', 160, 100)).to.equal(false);
    expect(cache.firstUse('K j', 999, 160)).to.equal(false);
    expect(cache.firstUse('K j', 221, 161)).to.equal(true);
    expect(cache.firstUse('K j', 221, 161)).to.equal(false);
    expect(cache.firstUse('L j', 160, 100)).to.equal(true);
    expect(cache.size).to.equal(2);
  });

  it('holds 100,000 proofs by default', () => {
    expect(DEFAULT_PROOF_REPLAY_CACHE_SIZE).to.equal(100_000);
  });

  it('drops expired entries from the front as it inserts', () => {
    const cache = new InMemoryProofReplayCache(10);
    cache.firstUse('a', 110, 100);
    cache.firstUse('b', 120, 100);
    cache.firstUse('c', 105, 100);
    cache.firstUse('d', 200, 115);
    // a (110) went; b (120) stops the sweep, so c (105) waits behind it.
    expect(cache.size).to.equal(3);
    expect(cache.firstUse('b', 200, 115)).to.equal(false);
    cache.firstUse('e', 300, 121);
    expect(cache.size).to.equal(2);
  });

  it('keeps an entry through the second it expires, while its proof is still taken', () => {
    const cache = new InMemoryProofReplayCache(10);
    cache.firstUse('a', 110, 100);
    cache.firstUse('b', 170, 110);
    expect(cache.firstUse('a', 170, 110)).to.equal(false);
  });

  it('when full, lets the oldest entry go first, however fresh', () => {
    const cache = new InMemoryProofReplayCache(2);
    cache.firstUse('a', 200, 100);
    cache.firstUse('b', 200, 100);
    cache.firstUse('c', 200, 100);
    expect(cache.size).to.equal(2);
    expect(cache.firstUse('b', 200, 100)).to.equal(false);
    expect(cache.firstUse('c', 200, 100)).to.equal(false);
    expect(cache.firstUse('a', 200, 100)).to.equal(true);
  });
});

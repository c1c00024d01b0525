import { expect } from 'chai';
import type { Options } from 'express-rate-limit';
import { SlidingWindowStore } from '../../../../src/interfaces/http/SlidingWindowStore';

describe('SlidingWindowStore', () => {
  let now: number;
  let store: SlidingWindowStore;

  beforeEach(() => {
    now = 1_000_000;
    store = new SlidingWindowStore(() => now);
    store.init({ windowMs: 60_000, limit: 3 } as Options);
  });

  afterEach(() => store.shutdown());

  it('counts hits per key up to the limit and reports one over it beyond', () => {
    const totals = [0, 1, 2, 3].map(() => store.increment('a').totalHits);

    expect(totals).to.deep.equal([1, 2, 3, 4]);
    expect(store.increment('b').totalHits).to.equal(1);
  });

  it('frees one slot when the oldest hit leaves the window, not all at once', () => {
    store.increment('a');
    now += 20_000;
    store.increment('a');
    now += 20_000;
    store.increment('a');

    now += 19_999;
    expect(store.increment('a').totalHits, 'the first hit is still inside').to.equal(4);
    now += 1;
    expect(store.increment('a').totalHits, 'the first hit has left').to.equal(3);
    expect(store.increment('a').totalHits, 'the second hit is still inside').to.equal(4);
  });

  it('allows at most the limit in any window, even across what a fixed window would reset', () => {
    now += 59_000;
    for (let i = 0; i < 3; i++) store.increment('a');
    now += 2_000;

    expect(store.increment('a').totalHits).to.equal(4);
  });

  it('gives the time the next request will be accepted as reset time, also while refusing', () => {
    const first = store.increment('a');
    now += 10_000;
    store.increment('a');
    store.increment('a');
    now += 5_000;
    const refused = store.increment('a');

    expect(first.resetTime).to.deep.equal(new Date(1_060_000));
    expect(refused.resetTime).to.deep.equal(new Date(1_060_000));
  });

  it('does not record refused requests, so a client that keeps knocking still gets in on time', () => {
    for (let i = 0; i < 3; i++) store.increment('a');
    for (let i = 0; i < 50; i++) {
      now += 1_000;
      store.increment('a');
    }

    now = 1_060_000;
    expect(store.increment('a').totalHits, 'only this request is in the window').to.equal(1);
  });

  it('forgets keys: get, decrement and reset', () => {
    store.increment('a');
    store.increment('a');
    store.decrement('a');

    expect(store.get('a')).to.deep.equal({ totalHits: 1, resetTime: new Date(1_060_000) });
    store.resetKey('a');
    expect(store.get('a')).to.equal(undefined);
    now += 60_000;
    store.increment('b');
    store.resetAll();
    expect(store.get('b')).to.equal(undefined);
  });
});

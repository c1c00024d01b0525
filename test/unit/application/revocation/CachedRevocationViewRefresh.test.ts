import { expect } from 'chai';
import { CachedRevocationView } from '../../../../src/application/revocation/CachedRevocationView';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

const START = '2026-01-01T00:00:00Z';
const START_SECONDS = Date.parse(START) / 1000;

describe('CachedRevocationView refresh', () => {
  let store: InMemoryRevocationStore;
  let clock: FixedClock;
  let view: CachedRevocationView;

  beforeEach(() => {
    clock = new FixedClock(START);
    store = new InMemoryRevocationStore(clock);
    view = new CachedRevocationView(store, clock);
  });

  /** Holds the store's next reads until the returned function is called. */
  function holdReads(): () => void {
    let release!: () => void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    return () => {
      store.hold = null;
      release();
    };
  }

  it('refuses nothing and has no refresh time before its first read', () => {
    expect(view.revocations().size).to.equal(0);
    expect(view.refreshedAt()).to.equal(null);
  });

  it("takes the store's entries still in force at the clock's second, and records when that read began", async () => {
    await store.revokeSubject('u1', START_SECONDS - 10, START_SECONDS + 100);
    await store.revokeToken('j-live', START_SECONDS + 50, START_SECONDS + 80);
    await store.revokeToken('j-lapsed', START_SECONDS - 60, START_SECONDS - 1);
    const release = holdReads();

    const reading = view.refresh();
    clock.advanceSeconds(5);
    release();
    await reading;

    expect(store.calls.filter(([op]) => op === 'current')).to.deep.equal([['current', START_SECONDS]]);
    expect(view.revocations().entries).to.deep.equal({
      subjects: [{ subject: 'u1', notBefore: START_SECONDS - 10 }],
      tokens: [{ jti: 'j-live', expiresAt: START_SECONDS + 50 }],
      clients: [],
    });
    expect(view.revocations().refuses({ sub: 'u1', iat: START_SECONDS - 11, jti: 'x' })).to.equal(true);
    expect(view.revocations().refuses({ sub: 'u2', iat: START_SECONDS, jti: 'j-live' })).to.equal(true);
    expect(view.revocations().refuses({ sub: 'u2', iat: START_SECONDS, jti: 'j-lapsed' })).to.equal(false);
    expect(view.refreshedAt()).to.deep.equal(new Date(START));
  });

  it('joins the read in flight instead of starting a second one, and reads again once it has settled', async () => {
    const release = holdReads();
    const first = view.refresh();
    const second = view.refresh();
    expect(second).to.equal(first);
    release();
    await Promise.all([first, second]);
    expect(store.reads).to.equal(1);

    await view.refresh();

    expect(store.reads).to.equal(2);
  });

  it("sees another instance's writes at the next refresh, and drops entries that have lapsed at the next full read (hourly)", async () => {
    await store.revokeSubject('u1', START_SECONDS, START_SECONDS + 10);
    await view.refresh();
    await store.revokeSubject('u2', START_SECONDS + 1, START_SECONDS + 100);
    expect(view.revocations().refuses({ sub: 'u2', iat: START_SECONDS, jti: 'a' }), 'not before the refresh').to.equal(false);

    clock.advanceSeconds(20);
    await view.refresh();

    expect(view.revocations().refuses({ sub: 'u2', iat: START_SECONDS, jti: 'a' })).to.equal(true);
    expect(view.refreshedAt()).to.deep.equal(new Date(Date.parse(START) + 20_000));
    clock.advanceSeconds(3600);
    await view.refresh();
    expect(view.revocations().refuses({ sub: 'u1', iat: START_SECONDS - 1, jti: 'b' }), 'u1 lapsed').to.equal(false);
  });

  it('keeps the old copy and its time when the store cannot be read, and reads again on the next refresh', async () => {
    await store.revokeSubject('u1', START_SECONDS, START_SECONDS + 100);
    await view.refresh();
    await store.revokeSubject('u2', START_SECONDS, START_SECONDS + 100);
    const failure = new Error('store down');
    store.readError = failure;
    clock.advanceSeconds(5);

    const error = await view.refresh().then(
      () => expect.fail('expected the refresh to reject'),
      (caught: unknown) => caught,
    );

    expect(error).to.equal(failure);
    expect(view.revocations().refuses({ sub: 'u1', iat: START_SECONDS - 1, jti: 'a' })).to.equal(true);
    expect(view.revocations().refuses({ sub: 'u2', iat: START_SECONDS - 1, jti: 'b' })).to.equal(false);
    expect(view.refreshedAt()).to.deep.equal(new Date(START));

    store.readError = null;
    await view.refresh();

    expect(view.revocations().refuses({ sub: 'u2', iat: START_SECONDS - 1, jti: 'b' })).to.equal(true);
    expect(view.refreshedAt()).to.deep.equal(new Date(Date.parse(START) + 5000));
  });

  it('applies its own writes at once, before any refresh', () => {
    view.record({ subjects: [{ subject: 'u3', notBefore: START_SECONDS + 1 }], tokens: [{ jti: 'j3', expiresAt: START_SECONDS + 60 }] });

    expect(view.revocations().refuses({ sub: 'u3', iat: START_SECONDS, jti: 'a' })).to.equal(true);
    expect(view.revocations().refuses({ sub: 'u4', iat: START_SECONDS, jti: 'j3' })).to.equal(true);
    expect(view.refreshedAt()).to.equal(null);
  });
});

import { expect } from 'chai';
import { RevocationStaleError } from '../../../../src/domain/errors';
import { CachedRevocationView } from '../../../../src/application/revocation/CachedRevocationView';
import { RevokeUserTokens } from '../../../../src/application/revocation/RevokeUserTokens';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

describe('CachedRevocationView and RevokeUserTokens', () => {
  const clock = new FixedClock('2026-01-01T00:00:00Z');
  const now = Math.floor(clock.now().getTime() / 1000);

  it('covers tokens issued in the revoking second, not those of the next one; entries leave after the max lifetime', async () => {
    const store = new InMemoryRevocationStore(clock);
    const view = new CachedRevocationView(store, clock);
    await new RevokeUserTokens(store, clock, { maxTokenLifetimeSeconds: 100, clockToleranceSeconds: 0 }, (_kind, added) => view.record(added)).execute({ subject: 'u1' });

    expect(view.revocations().refuses({ sub: 'u1', iat: now, jti: 'a' })).to.equal(true);
    expect(view.revocations().refuses({ sub: 'u1', iat: now + 1, jti: 'b' })).to.equal(false);
    expect(view.revocations().refuses({ sub: 'u2', iat: now, jti: 'c' })).to.equal(false);

    const later = new FixedClock(new Date((now + 1 + 100 + 1) * 1000));
    const laterView = new CachedRevocationView(store, later);
    await laterView.refresh();
    expect(laterView.revocations().size).to.equal(0);
  });

  it('keeps a write recorded while a read that missed it was in flight', async () => {
    const store = new InMemoryRevocationStore(clock);
    const view = new CachedRevocationView(store, clock);
    let release!: () => void;
    store.hold = new Promise<void>((resolve) => (release = resolve));
    const reading = view.refresh();
    await store.revokeSubject('u9', now + 1, now + 100);
    view.record({ subjects: [{ subject: 'u9', notBefore: now + 1 }], tokens: [] });
    release();
    await reading;
    expect(view.revocations().refuses({ sub: 'u9', iat: now, jti: 'x' })).to.equal(true);
  });

  it('refuses to vouch (RevocationStaleError) once its last good read is older than the staleness limit', async () => {
    const moving = new FixedClock('2026-01-01T00:00:00Z');
    const store = new InMemoryRevocationStore(moving);
    const view = new CachedRevocationView(store, moving, 120);
    await view.refresh();
    moving.advanceSeconds(120);
    expect(view.revocations().size).to.equal(0);
    expect(view.isStale()).to.equal(false);

    moving.advanceSeconds(1);

    expect(view.isStale()).to.equal(true);
    expect(() => view.revocations()).to.throw(RevocationStaleError).with.property('code', 'REVOCATION_STALE');
    await view.refresh();
    expect(view.revocations().size).to.equal(0);
  });

  it('after its first full read asks only for what changed (with the overlap), merging it; a full read again after an hour', async () => {
    const moving = new FixedClock('2026-01-01T00:00:00Z');
    const store = new InMemoryRevocationStore(moving);
    await store.revokeToken('j-old', now + 500, now + 530);
    const view = new CachedRevocationView(store, moving, 120);
    await view.refresh();
    moving.advanceSeconds(60);
    await store.revokeToken('j-new', now + 600, now + 630);
    store.calls.length = 0;

    await view.refresh();

    expect(store.calls).to.deep.equal([['changedSince', (now + 60) * 1000 - 60_000 - 30_000, now + 60]]);
    expect(view.revocations().refuses({ sub: 'u', iat: now, jti: 'j-old' })).to.equal(true);
    expect(view.revocations().refuses({ sub: 'u', iat: now, jti: 'j-new' })).to.equal(true);
    moving.advanceSeconds(3600);
    store.calls.length = 0;
    await view.refresh();
    expect(store.calls.map(([op]) => op)).to.deep.equal(['current']);
  });
});

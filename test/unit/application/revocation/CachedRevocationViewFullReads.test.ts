import { expect } from 'chai';
import { CachedRevocationView } from '../../../../src/application/revocation/CachedRevocationView';
import { FULL_READ_AFTER_MS } from '../../../../src/application/revocation/readRevocations';
import { RevocationStaleError } from '../../../../src/domain/errors';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

describe('CachedRevocationView: when it reads everything, and when it is too stale to answer', () => {
  let store: InMemoryRevocationStore;
  let clock: FixedClock;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new InMemoryRevocationStore(clock);
  });

  const kinds = () => store.calls.map(([op]) => op);

  it('reads the whole list again exactly an hour after the last whole read, however often it read the changes in between', async () => {
    const view = new CachedRevocationView(store, clock);
    await view.refresh();
    clock.advanceSeconds(FULL_READ_AFTER_MS / 2000);
    await view.refresh();
    clock.advanceSeconds(FULL_READ_AFTER_MS / 2000 - 1);
    await view.refresh();
    clock.advanceSeconds(1);
    await view.refresh();
    expect(kinds()).to.deep.equal(['current', 'changedSince', 'changedSince', 'current']);
  });

  it('refuses to answer with a message once its last good read is older than maxStaleSeconds', async () => {
    const view = new CachedRevocationView(store, clock, 60);
    await view.refresh();
    clock.advanceSeconds(61);
    expect(() => view.revocations()).to.throw(RevocationStaleError, 'the shared revocations have not been re-read for too long');
  });
});

import { expect } from 'chai';
import { CHANGE_OVERLAP_MS, FULL_READ_AFTER_MS, readRevocations } from '../../../../src/application/revocation/readRevocations';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';

const NOW_MS = Date.parse('2026-01-01T00:00:00.700Z');
const NOW = Math.floor(NOW_MS / 1000);

describe('readRevocations (full or incremental read of the shared revocations)', () => {
  let store: InMemoryRevocationStore;

  beforeEach(() => {
    store = new InMemoryRevocationStore();
  });

  it('reads everything without a cursor, and answers the read time as the next cursor', async () => {
    await store.revokeToken('j1', NOW + 60, NOW + 90);
    store.calls.length = 0;
    const read = await readRevocations(store, null, NOW_MS);
    expect(read).to.include({ cursor: NOW_MS, full: true });
    expect(read.entries.tokens).to.deep.equal([{ jti: 'j1', expiresAt: NOW + 60 }]);
    expect(store.calls).to.deep.equal([['current', NOW]]);
  });

  it(`reads only the changes (from the cursor minus ${CHANGE_OVERLAP_MS} ms) for a cursor up to ${FULL_READ_AFTER_MS} ms old`, async () => {
    for (const since of [NOW_MS - FULL_READ_AFTER_MS, NOW_MS - 1000, NOW_MS]) {
      expect((await readRevocations(store, since, NOW_MS)).full, String(since)).to.equal(false);
    }
    expect(store.calls).to.deep.equal([
      ['changedSince', NOW_MS - FULL_READ_AFTER_MS - CHANGE_OVERLAP_MS, NOW],
      ['changedSince', NOW_MS - 1000 - CHANGE_OVERLAP_MS, NOW],
      ['changedSince', NOW_MS - CHANGE_OVERLAP_MS, NOW],
    ]);
  });

  it('reads everything for a cursor older than that (what expired or was folded meanwhile is dropped)', async () => {
    const read = await readRevocations(store, NOW_MS - FULL_READ_AFTER_MS - 1, NOW_MS);
    expect(read.full).to.equal(true);
    expect(store.calls).to.deep.equal([['current', NOW]]);
  });

  it("accepts a cursor ahead by up to the overlap (another instance's clock), and reads everything for one further in the future", async () => {
    expect((await readRevocations(store, NOW_MS + CHANGE_OVERLAP_MS, NOW_MS)).full).to.equal(false);
    expect((await readRevocations(store, NOW_MS + CHANGE_OVERLAP_MS + 1, NOW_MS)).full).to.equal(true);
  });
});

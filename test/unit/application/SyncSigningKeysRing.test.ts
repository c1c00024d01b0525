import { expect } from 'chai';
import type { KeyRotationPolicy } from '../../../src/application/KeyRotationPolicy';
import { RotateSigningKey } from '../../../src/application/RotateSigningKey';
import { SyncSigningKeys } from '../../../src/application/SyncSigningKeys';
import { KeyRing } from '../../../src/domain/model/KeyRing';
import { FixedClock } from '../../support/FixedClock';
import { InMemoryKeyLifecycleStore } from '../../support/InMemoryKeyLifecycleStore';
import { YieldingKeyPairGenerator } from '../../support/YieldingKeyPairGenerator';

const START = '2026-03-01T00:00:00Z';
const LATER = new Date(Date.parse(START) + 3_600_000);

describe('SyncSigningKeys: the ring it loads and the rotations it attempts', () => {
  let store: InMemoryKeyLifecycleStore;
  let generator: YieldingKeyPairGenerator;
  let ring: KeyRing;
  let clock: FixedClock;

  beforeEach(() => {
    store = new InMemoryKeyLifecycleStore();
    generator = new YieldingKeyPairGenerator();
    ring = new KeyRing();
    clock = new FixedClock(START);
  });

  function sync(rotationDays: number): SyncSigningKeys {
    const policy: KeyRotationPolicy = { method: 'rsa', alg: 'RS256', publishAheadSeconds: 120, retireAfterSeconds: 600, rotationDays };
    return new SyncSigningKeys(store, ring, clock, new RotateSigningKey(store, generator, clock, policy), policy);
  }

  it('publishes the retiring and next keys beside the active one, the active key last (as KeyRing.activate lists it)', async () => {
    store.add('r', 'retiring', { retireAt: LATER });
    store.add('a', 'active');
    store.add('n', 'next', { activateAt: LATER });
    store.add('x', 'retired');

    const result = await sync(0).execute();

    expect(result.publishedKids).to.deep.equal(['r', 'a', 'n']);
    expect(ring.activeKey().kid).to.equal('a');
    expect(ring.publishedKeys().map((key) => key.kid)).to.deep.equal(['r', 'n', 'a']);
    expect(ring.publishedKeys().map((key) => key.material)).to.deep.equal(['public-r', 'public-n', 'public-a']);
  });

  it('does not even attempt a rotation while a next key is pending, however old the active key', async () => {
    store.add('a', 'active', { activatedAt: new Date('2020-01-01T00:00:00Z') });
    store.add('n', 'next', { activateAt: LATER });

    const result = await sync(1).execute();

    expect(result.rotationStarted).to.equal(false);
    expect(store.calls.map((call) => call.op)).to.deep.equal(['retireExpiredKeys', 'promoteDueNextKey', 'listKeys', 'listKeys']);
    expect(generator.calls).to.deep.equal([]);
  });
});

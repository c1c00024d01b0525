import { expect } from 'chai';
import { RotateSigningKey } from '../../../../src/application/keys/RotateSigningKey';
import { SyncSigningKeys } from '../../../../src/application/keys/SyncSigningKeys';
import type { KeyRotationPolicy } from '../../../../src/application/keys/KeyRotationPolicy';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryKeyLifecycleStore } from '../../../support/InMemoryKeyLifecycleStore';
import { YieldingKeyPairGenerator } from '../../../support/YieldingKeyPairGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const START = '2026-03-01T00:00:00Z';
const DAY_MS = 86_400_000;
const LATER = new Date(Date.parse(START) + 3_600_000);

describe('SyncSigningKeys', () => {
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

  function sync(policy: Partial<KeyRotationPolicy> = {}): SyncSigningKeys {
    const full: KeyRotationPolicy = { method: 'rsa', alg: 'RS256', publishAheadSeconds: 120, retireAfterSeconds: 600, rotationDays: 0, ...policy };
    return new SyncSigningKeys(store, ring, clock, new RotateSigningKey(store, generator, clock, full, new RecordingAuditTrail()), full);
  }

  it("asks the store for the method's due transitions with the clock's time and the retire delay", async () => {
    store.add('a', 'active');
    await sync({ method: 'rsa', retireAfterSeconds: 600 }).execute();
    expect(store.calls.find((call) => call.op === 'retireExpiredKeys')?.args).to.deep.equal(['rsa', new Date(START)]);
    expect(store.calls.find((call) => call.op === 'promoteDueNextKey')?.args).to.deep.equal([
      'rsa',
      new Date(START),
      new Date(Date.parse(START) + 600_000),
    ]);
  });

  it('promotes a due next key, retires an expired retiring one, and loads the result into the ring', async () => {
    store.add('old', 'retiring', { retireAt: new Date(START) });
    store.add('a', 'active');
    store.add('n', 'next', { activateAt: new Date(START) });

    const result = await sync().execute();

    expect(result).to.deep.equal({ activeKid: 'n', publishedKids: ['a', 'n'], promoted: true, retired: 1, rotationStarted: false });
    expect(ring.activeKey().kid).to.equal('n');
    expect(ring.keyFor('a')?.kid, 'the retiring key still verifies').to.equal('a');
    expect(ring.keyFor('old'), 'a retired key does not').to.equal(undefined);
    expect([store.stateOf('old'), store.stateOf('a'), store.stateOf('n')]).to.deep.equal(['retired', 'retiring', 'active']);
  });

  it('leaves a next key that is not due yet, publishing it beside the active one', async () => {
    store.add('a', 'active');
    store.add('n', 'next', { activateAt: new Date(Date.parse(START) + 1000) });

    const result = await sync().execute();

    expect(result).to.deep.include({ activeKid: 'a', promoted: false, retired: 0, publishedKids: ['a', 'n'] });
    expect(ring.activeKey().kid).to.equal('a');
    expect(ring.keyFor('n')?.kid).to.equal('n');
  });

  it("does not load an active key of another alg into the ring (the method's keys only)", async () => {
    store.add('a', 'active', { alg: 'RS512' });
    store.add('e', 'active', { method: 'ecdsa', alg: 'ES256' });

    const result = await sync({ alg: 'RS256' }).reload();

    expect(result).to.deep.equal({ activeKid: 'a', publishedKids: ['a'] });
    expect(ring.hasActiveKey()).to.equal(false);
  });

  it('answers no active key and no published keys on an empty store', async () => {
    expect(await sync().execute()).to.deep.equal({ activeKid: null, publishedKids: [], promoted: false, retired: 0, rotationStarted: false });
  });

  describe('automatic rotation (rotationDays)', () => {
    it('starts a rotation once the active key has signed for rotationDays, counted from its activation', async () => {
      store.add('a', 'active', { createdAt: new Date('2025-01-01T00:00:00Z'), activatedAt: new Date(Date.parse(START) - 7 * DAY_MS) });

      const result = await sync({ rotationDays: 7 }).execute();

      expect(result.rotationStarted).to.equal(true);
      expect(result.publishedKids).to.deep.equal(['a', 'kid-1']);
      expect(store.stateOf('kid-1')).to.equal('next');
    });

    it('waits until exactly rotationDays have passed', async () => {
      store.add('a', 'active', { activatedAt: new Date(Date.parse(START) - 7 * DAY_MS + 1) });
      expect((await sync({ rotationDays: 7 }).execute()).rotationStarted).to.equal(false);
      expect(generator.calls).to.have.length(0);
    });

    it('counts from creation when the key was never promoted (the first key)', async () => {
      store.add('a', 'active', { createdAt: new Date(Date.parse(START) - 2 * DAY_MS), activatedAt: null });
      expect((await sync({ rotationDays: 2 }).execute()).rotationStarted).to.equal(true);
    });

    it('does nothing when turned off (0), when a next key exists, or when there is no active key', async () => {
      store.add('a', 'active', { activatedAt: new Date('2020-01-01T00:00:00Z') });
      expect((await sync({ rotationDays: 0 }).execute()).rotationStarted).to.equal(false);

      store.add('n', 'next', { activateAt: new Date('2030-01-01T00:00:00Z') });
      expect((await sync({ rotationDays: 1 }).execute()).rotationStarted).to.equal(false);

      store.keys = [];
      store.add('r', 'retiring', { activatedAt: new Date('2020-01-01T00:00:00Z'), retireAt: new Date('2030-01-01T00:00:00Z') });
      expect((await sync({ rotationDays: 1 }).execute()).rotationStarted).to.equal(false);
      expect(generator.calls).to.have.length(0);
    });

    it('reports rotationStarted: false when another instance started the rotation first', async () => {
      store.add('a', 'active', { activatedAt: new Date('2020-01-01T00:00:00Z') });
      const insert = store.insertNextIfAbsent.bind(store);
      store.insertNextIfAbsent = async (pair, activateAt) => {
        store.add('winner', 'next', { activateAt: new Date('2030-01-01T00:00:00Z') });
        return insert(pair, activateAt);
      };
      const result = await sync({ rotationDays: 1 }).execute();
      expect(result.rotationStarted).to.equal(false);
      expect(result.publishedKids).to.deep.equal(['a', 'winner']);
    });
  });

  describe('the ring it loads and the rotations it attempts', () => {
    it('publishes the retiring and next keys beside the active one, the active key last (as KeyRing.activate lists it)', async () => {
      store.add('r', 'retiring', { retireAt: LATER });
      store.add('a', 'active');
      store.add('n', 'next', { activateAt: LATER });
      store.add('x', 'retired');

      const result = await sync().execute();

      expect(result.publishedKids).to.deep.equal(['r', 'a', 'n']);
      expect(ring.activeKey().kid).to.equal('a');
      expect(ring.publishedKeys().map((key) => key.kid)).to.deep.equal(['r', 'n', 'a']);
      expect(ring.publishedKeys().map((key) => key.material)).to.deep.equal(['public-r', 'public-n', 'public-a']);
    });

    it('does not even attempt a rotation while a next key is pending, however old the active key', async () => {
      store.add('a', 'active', { activatedAt: new Date('2020-01-01T00:00:00Z') });
      store.add('n', 'next', { activateAt: LATER });

      const result = await sync({ rotationDays: 1 }).execute();

      expect(result.rotationStarted).to.equal(false);
      expect(store.calls.map((call) => call.op)).to.deep.equal(['retireExpiredKeys', 'promoteDueNextKey', 'listKeys', 'listKeys']);
      expect(generator.calls).to.deep.equal([]);
    });
  });
});

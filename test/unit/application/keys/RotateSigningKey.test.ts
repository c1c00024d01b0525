import { expect } from 'chai';
import { RotateSigningKey } from '../../../../src/application/keys/RotateSigningKey';
import type { KeyRotationPolicy } from '../../../../src/application/keys/KeyRotationPolicy';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryKeyLifecycleStore } from '../../../support/InMemoryKeyLifecycleStore';
import { YieldingKeyPairGenerator } from '../../../support/YieldingKeyPairGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const NOW = '2026-03-01T12:00:00Z';
const POLICY: KeyRotationPolicy = { method: 'ecdsa', alg: 'ES384', publishAheadSeconds: 120, retireAfterSeconds: 18030, rotationDays: 0 };

describe('RotateSigningKey', () => {
  let store: InMemoryKeyLifecycleStore;
  let generator: YieldingKeyPairGenerator;
  let rotate: RotateSigningKey;

  beforeEach(() => {
    store = new InMemoryKeyLifecycleStore();
    generator = new YieldingKeyPairGenerator();
    rotate = new RotateSigningKey(store, generator, new FixedClock(NOW), POLICY, new RecordingAuditTrail());
  });

  it("publishes a new key of the policy's method and alg as next, signing publishAheadSeconds from now", async () => {
    store.add('old', 'active', { method: 'ecdsa', alg: 'ES384' });

    const result = await rotate.execute();

    expect(generator.calls).to.deep.equal([{ method: 'ecdsa', alg: 'ES384' }]);
    const insert = store.calls.find((call) => call.op === 'insertNextIfAbsent');
    expect(insert?.args).to.deep.equal([
      { kid: 'kid-1', privateKey: 'private-1', publicKey: 'public-1', method: 'ecdsa', alg: 'ES384', createdAt: new Date(NOW) },
      new Date('2026-03-01T12:02:00Z'),
    ]);
    expect(result.created).to.equal(true);
    expect(result.next).to.deep.include({ kid: 'kid-1', state: 'next', method: 'ecdsa', alg: 'ES384', activateAt: new Date('2026-03-01T12:02:00Z') });
    expect(result.next).not.to.have.property('privateKey');
  });

  it('answers the existing next key without generating one when a rotation is already under way', async () => {
    store.add('pending', 'next', { method: 'ecdsa', alg: 'ES384' });

    const result = await rotate.execute();

    expect(result.created).to.equal(false);
    expect(result.next?.kid).to.equal('pending');
    expect(generator.calls).to.have.length(0);
    expect(store.calls.map((call) => call.op)).not.to.include('insertNextIfAbsent');
  });

  it("ignores another method's next key", async () => {
    store.add('rsa-next', 'next', { method: 'rsa', alg: 'RS256' });

    const result = await rotate.execute();

    expect(result.created).to.equal(true);
    expect(result.next?.kid).to.equal('kid-1');
  });

  it('reports created: false and the winner when another instance inserted a next key first', async () => {
    const insert = store.insertNextIfAbsent.bind(store);
    store.insertNextIfAbsent = async (pair, activateAt) => {
      store.add('winner', 'next', { method: 'ecdsa', alg: 'ES384' });
      return insert(pair, activateAt);
    };

    const result = await rotate.execute();

    expect(result.created).to.equal(false);
    expect(result.next?.kid).to.equal('winner');
  });
});

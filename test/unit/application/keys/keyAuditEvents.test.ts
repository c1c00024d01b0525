import { expect } from 'chai';
import { RevokeSigningKey } from '../../../../src/application/keys/RevokeSigningKey';
import { RotateSigningKey } from '../../../../src/application/keys/RotateSigningKey';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryKeyLifecycleStore } from '../../../support/InMemoryKeyLifecycleStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { YieldingKeyPairGenerator } from '../../../support/YieldingKeyPairGenerator';

const POLICY = { method: 'ecdsa', alg: 'ES384', publishAheadSeconds: 120, retireAfterSeconds: 18030, rotationDays: 0 } as const;

describe('The key use cases record rotations and revocations, never key material', () => {
  let store: InMemoryKeyLifecycleStore;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    store = new InMemoryKeyLifecycleStore();
    trail = new RecordingAuditTrail();
  });

  it('a rotation that published a key: key.rotated with its kid; one that found a next key already records nothing', async () => {
    const rotate = new RotateSigningKey(store, new YieldingKeyPairGenerator(), new FixedClock(), POLICY, trail);
    await rotate.execute();
    await rotate.execute();
    expect(trail.events).to.deep.equal([{ type: 'key.rotated', outcome: 'success', details: { kid: 'kid-1', method: 'ecdsa', alg: 'ES384' } }]);
    expect(JSON.stringify(trail.events)).not.to.include('private');
  });

  it('a rotation that lost the race to another instance (its key not stored) records nothing', async () => {
    const racing = new (class extends InMemoryKeyLifecycleStore {
      override async insertNextIfAbsent(): Promise<boolean> {
        this.add('elsewhere', 'next', { method: 'ecdsa', alg: 'ES384' });
        return false;
      }
    })();
    const result = await new RotateSigningKey(racing, new YieldingKeyPairGenerator(), new FixedClock(), POLICY, trail).execute();
    expect(result.created).to.equal(false);
    expect(result.next?.kid).to.equal('elsewhere');
    expect(trail.events).to.deep.equal([]);
  });

  it('a revocation: key.revoked with the state it was in and whether an emergency key replaced it', async () => {
    store.add('a', 'active');
    store.add('b', 'retiring');
    const revoke = new RevokeSigningKey(store, new YieldingKeyPairGenerator(), new FixedClock(), trail);
    await revoke.execute({ kid: 'b' });
    await revoke.execute({ kid: 'a' });
    await revoke.execute({ kid: 'a' }).catch(() => undefined);
    expect(trail.events).to.deep.equal([
      { type: 'key.revoked', outcome: 'success', details: { kid: 'b', method: 'rsa', alg: 'RS256', was: 'retiring', emergencyKey: false } },
      { type: 'key.revoked', outcome: 'success', details: { kid: 'a', method: 'rsa', alg: 'RS256', was: 'active', emergencyKey: true } },
    ]);
    expect(JSON.stringify(trail.events)).not.to.include('private');
  });
});

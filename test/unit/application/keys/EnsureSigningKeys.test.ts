import { expect } from 'chai';
import { EnsureSigningKeys } from '../../../../src/application/keys/EnsureSigningKeys';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { StoredSigningKey } from '../../../../src/domain/ports/KeyStore';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryKeyStore } from '../../../support/InMemoryKeyStore';
import { YieldingKeyPairGenerator } from '../../../support/YieldingKeyPairGenerator';

const STORED: StoredSigningKey = {
  kid: 'stored-kid',
  method: 'rsa',
  alg: 'RS256',
  privateKey: 'stored-private',
  publicKey: 'stored-public',
  createdAt: new Date('2025-06-01T00:00:00Z'),
};

describe('EnsureSigningKeys', () => {
  let store: InMemoryKeyStore;
  let generator: YieldingKeyPairGenerator;
  let ring: KeyRing;
  let clock: FixedClock;
  let ensure: EnsureSigningKeys;

  beforeEach(() => {
    store = new InMemoryKeyStore();
    generator = new YieldingKeyPairGenerator();
    ring = new KeyRing();
    clock = new FixedClock('2026-01-01T00:00:00Z');
    ensure = new EnsureSigningKeys(store, generator, ring, clock);
  });

  it('loads a complete stored pair without generating one', async () => {
    store.seed(STORED);

    const result = await ensure.execute({ method: 'rsa', alg: 'RS256' });

    expect(result).to.deep.equal({ ...STORED, generated: false });
    expect(generator.calls).to.have.length(0);
    expect(store.inserts).to.equal(0);
    expect(ring.activeKey()).to.deep.equal(STORED);
    expect(ring.keyFor('stored-kid')).to.deep.equal({ kid: 'stored-kid', method: 'rsa', algorithms: ['RS256'], material: 'stored-public' });
  });

  it('generates, stores and activates a pair when the store is empty', async () => {
    const result = await ensure.execute({ method: 'ecdsa', alg: 'ES384' });

    expect(generator.calls).to.deep.equal([{ method: 'ecdsa', alg: 'ES384' }]);
    const expected = {
      kid: 'kid-1',
      method: 'ecdsa',
      alg: 'ES384',
      privateKey: 'private-1',
      publicKey: 'public-1',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    };
    expect(result).to.deep.equal({ ...expected, generated: true });
    expect(await store.findActive('ecdsa')).to.deep.equal(expected);
    expect(ring.activeKey()).to.deep.equal(expected);
  });

  for (const missing of ['privateKey', 'publicKey'] as const) {
    it(`regenerates when the stored ${missing} is missing, retiring the damaged row`, async () => {
      store.seed({ ...STORED, [missing]: null });

      const result = await ensure.execute({ method: 'rsa', alg: 'RS256' });

      expect(result.generated).to.equal(true);
      expect(result.kid).to.equal('kid-1');
      expect(generator.calls).to.deep.equal([{ method: 'rsa', alg: 'RS256' }]);
      expect(store.rows.get('stored-kid')?.state).to.equal('retired');
      expect(store.rows.get('kid-1')?.state).to.equal('active');
      expect(ring.activeKey().kid).to.equal('kid-1');
    });
  }

  it('regenerates when the stored key was made for another algorithm', async () => {
    store.seed(STORED);

    const result = await ensure.execute({ method: 'rsa', alg: 'PS512' });

    expect(generator.calls).to.deep.equal([{ method: 'rsa', alg: 'PS512' }]);
    expect(result).to.include({ kid: 'kid-1', alg: 'PS512', generated: true });
    expect(store.rows.get('stored-kid')?.state).to.equal('retired');
    expect((await store.findActive('rsa'))?.kid).to.equal('kid-1');
  });

  it('leaves the keys of other methods alone', async () => {
    store.seed({ ...STORED, method: 'hmac', alg: 'HS256', kid: 'hmac-kid' });

    await ensure.execute({ method: 'rsa', alg: 'RS256' });

    expect(store.rows.get('hmac-kid')?.state).to.equal('active');
    expect((await store.findActive('rsa'))?.kid).to.equal('kid-1');
  });

  it('two instances starting at once on one empty store end with the same single pair', async () => {
    const ringA = new KeyRing();
    const ringB = new KeyRing();
    const a = new EnsureSigningKeys(store, generator, ringA, clock);
    const b = new EnsureSigningKeys(store, generator, ringB, clock);

    const [resultA, resultB] = await Promise.all([a.execute({ method: 'rsa', alg: 'RS256' }), b.execute({ method: 'rsa', alg: 'RS256' })]);

    // Both generated (they interleaved), but only one pair was kept and both use it.
    expect(generator.calls).to.have.length(2);
    expect(store.inserts).to.equal(2);
    expect(store.rows.size).to.equal(1);
    expect(resultA.kid).to.equal(resultB.kid);
    expect([resultA.generated, resultB.generated].sort()).to.deep.equal([false, true]);
    expect(ringA.activeKey()).to.deep.equal(ringB.activeKey());
    expect(ringA.activeKey().privateKey).to.equal(store.rows.get(resultA.kid)?.privateKey);
  });

  it('propagates a store failure and activates nothing', async () => {
    store.reachable = false;

    let caught: unknown;
    await ensure.execute({ method: 'rsa', alg: 'RS256' }).catch((error: unknown) => (caught = error));

    expect(caught).to.be.instanceOf(Error).with.property('message', 'store unreachable');
    expect(ring.hasActiveKey()).to.equal(false);
  });
});

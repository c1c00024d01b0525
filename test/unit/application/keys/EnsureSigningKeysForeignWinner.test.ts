import { expect } from 'chai';
import { EnsureSigningKeys } from '../../../../src/application/keys/EnsureSigningKeys';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SignMethod } from '@auth-service/client';
import type { GeneratedKeyPair, KeyPairGenerator } from '../../../../src/domain/ports/KeyPairGenerator';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryKeyStore } from '../../../support/InMemoryKeyStore';

/** While it generates, "another instance" configured for another algorithm stores its active key first. */
class RacedByOtherAlgorithmGenerator implements KeyPairGenerator {
  constructor(private readonly store: InMemoryKeyStore) {}

  async generate(method: SignMethod): Promise<GeneratedKeyPair> {
    await this.store.insertActiveIfAbsent({ kid: 'other-instance', method, alg: 'RS512', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) }, null);
    return { kid: 'mine', privateKey: 'private', publicKey: 'public' };
  }
}

describe('EnsureSigningKeys when the racing winner is unusable here', () => {
  it('fails start-up naming the method, activating nothing, rather than signing with a key of another algorithm', async () => {
    const store = new InMemoryKeyStore();
    const ring = new KeyRing();
    const ensure = new EnsureSigningKeys(store, new RacedByOtherAlgorithmGenerator(store), ring, new FixedClock());
    const error = await ensure.execute({ method: 'rsa', alg: 'RS256' }).then(() => null, (caught: unknown) => caught);
    expect(error).to.be.instanceOf(Error).with.property('message', 'the key store holds no usable rsa key after inserting one');
    expect(ring.publishedKeys()).to.deep.equal([]);
  });
});

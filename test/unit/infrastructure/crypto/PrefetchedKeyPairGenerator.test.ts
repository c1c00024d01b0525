import { expect } from 'chai';
import type { SignMethod } from '@auth-service/client';
import type { GeneratedKeyPair, KeyPairGenerator } from '../../../../src/domain/ports/KeyPairGenerator';
import { PrefetchedKeyPairGenerator } from '../../../../src/infrastructure/crypto/PrefetchedKeyPairGenerator';

/** Numbers its key pairs and records what it was asked for; fails when told to. */
class CountingGenerator implements KeyPairGenerator {
  readonly calls: string[] = [];
  constructor(private readonly failing = false) {}

  async generate(method: SignMethod, alg: string): Promise<GeneratedKeyPair> {
    this.calls.push(`${method}/${alg}`);
    if (this.failing) throw new Error('no entropy');
    return { kid: `k${this.calls.length}`, privateKey: 'p', publicKey: 'q' };
  }
}

describe('PrefetchedKeyPairGenerator', () => {
  it('starts generating at once and hands that pair to the first matching request only', async () => {
    const inner = new CountingGenerator();
    const generator = new PrefetchedKeyPairGenerator(inner, 'rsa', 'RS256');
    expect(inner.calls, 'started before anyone asked').to.deep.equal(['rsa/RS256']);

    expect((await generator.generate('rsa', 'RS256')).kid).to.equal('k1');
    expect(inner.calls).to.have.length(1);
    expect((await generator.generate('rsa', 'RS256')).kid, 'the next request gets a fresh pair').to.equal('k2');
  });

  it('passes other methods and algorithms to the inner generator, keeping the prefetched pair', async () => {
    const inner = new CountingGenerator();
    const generator = new PrefetchedKeyPairGenerator(inner, 'rsa', 'RS256');
    expect((await generator.generate('ecdsa', 'ES256')).kid).to.equal('k2');
    expect((await generator.generate('rsa', 'PS256')).kid).to.equal('k3');
    expect((await generator.generate('rsa', 'RS256')).kid).to.equal('k1');
  });

  it('gives a failed prefetch to the caller that asks for it, and leaves no unhandled rejection when nobody does', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      new PrefetchedKeyPairGenerator(new CountingGenerator(true), 'rsa', 'RS256');
      const asked = new PrefetchedKeyPairGenerator(new CountingGenerator(true), 'rsa', 'RS256');
      await new Promise((resolve) => setTimeout(resolve, 10));
      let caught: unknown;
      await asked.generate('rsa', 'RS256').catch((error: unknown) => (caught = error));
      expect(caught).to.be.instanceOf(Error).with.property('message', 'no entropy');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});

import { expect } from 'chai';
import { RandomIdGenerator } from '../../../../src/infrastructure/system/RandomIdGenerator';

describe('RandomIdGenerator', () => {
  it('gives 128-bit base64url ids, all distinct across many pool refills', () => {
    const ids = new RandomIdGenerator();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = ids.next();
      expect(id).to.match(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).to.have.length(16);
      seen.add(id);
    }
    expect(seen.size).to.equal(5000);
  });

  it('does not repeat the ids of another generator', () => {
    const first = new Set(Array.from({ length: 300 }, () => new RandomIdGenerator().next()));
    expect(first.size).to.equal(300);
  });
});

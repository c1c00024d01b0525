import { expect } from 'chai';
import { KeyUnavailableError } from '../../../src/domain/errors';
import { KeyRing, verificationKeyOf } from '../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../src/domain/model/SigningKeyPair';

function pair(kid: string, overrides: Partial<SigningKeyPair> = {}): SigningKeyPair {
  return { kid, method: 'rsa', alg: 'RS256', privateKey: `private-${kid}`, publicKey: `public-${kid}`, ...overrides } as SigningKeyPair;
}

describe('KeyRing', () => {
  it('has no key until one is activated, and says why activeKey fails', () => {
    const ring = new KeyRing();
    expect(ring.hasActiveKey()).to.equal(false);
    expect(ring.hasAnyKey()).to.equal(false);
    expect(ring.keyFor(undefined)).to.equal(undefined);
    expect(() => ring.activeKey()).to.throw(KeyUnavailableError, 'no signing key has been loaded');
  });

  it('signs with the activated pair and verifies by kid, a token without kid against the active key', () => {
    const ring = new KeyRing();
    const next = verificationKeyOf(pair('next'));
    ring.activate(pair('a'), [next]);
    expect(ring.hasActiveKey()).to.equal(true);
    expect(ring.hasAnyKey()).to.equal(true);
    expect(ring.activeKey().kid).to.equal('a');
    expect(ring.keyFor(undefined)).to.deep.equal({ kid: 'a', method: 'rsa', algorithms: ['RS256'], material: 'public-a' });
    expect(ring.keyFor('next')).to.equal(next);
    expect(ring.keyFor('unknown')).to.equal(undefined);
    expect(ring.publishedKeys().map((key) => key.kid)).to.deep.equal(['next', 'a']);
  });

  it('keeps the same objects when a reload brings back the very same keys', () => {
    const ring = new KeyRing();
    ring.activate(pair('a'), [verificationKeyOf(pair('b'))]);
    const active = ring.activeKey();
    const [b, a] = ring.publishedKeys();
    ring.activate(pair('a'), [verificationKeyOf(pair('b'))]);
    expect(ring.activeKey()).to.equal(active);
    expect(ring.publishedKeys()[0]).to.equal(b);
    expect(ring.publishedKeys()[1]).to.equal(a);
  });

  for (const [field, changed] of [
    ['alg', { alg: 'PS256' }],
    ['private key', { privateKey: 'other' }],
    ['public key', { publicKey: 'other' }],
  ] as const) {
    it(`replaces the active pair and its verification key when the ${field} changed under the same kid`, () => {
      const ring = new KeyRing();
      ring.activate(pair('a'));
      const active = ring.activeKey();
      const verification = ring.keyFor('a');
      ring.activate(pair('a', changed));
      expect(ring.activeKey()).not.to.equal(active);
      expect(ring.activeKey()).to.include(changed);
      if (field !== 'private key') expect(ring.keyFor('a')).not.to.equal(verification);
      else expect(ring.keyFor('a')).to.equal(verification);
    });
  }

  it('replaces a published key whose method or algorithms changed', () => {
    const ring = new KeyRing();
    const first = { kid: 'k', method: 'rsa' as const, algorithms: ['RS256'], material: 'm' };
    ring.activate(pair('a'), [first]);
    ring.activate(pair('a'), [{ ...first, method: 'ecdsa' as const }]);
    expect(ring.keyFor('k')).to.include({ method: 'ecdsa' });
    ring.activate(pair('a'), [{ ...first, method: 'ecdsa' as const, algorithms: ['ES256'] }]);
    expect(ring.keyFor('k')!.algorithms).to.deep.equal(['ES256']);
  });

  it('drops keys no longer published and switches the active pair', () => {
    const ring = new KeyRing();
    ring.activate(pair('a'), [verificationKeyOf(pair('b'))]);
    ring.activate(pair('b'));
    expect(ring.activeKey().kid).to.equal('b');
    expect(ring.keyFor('a')).to.equal(undefined);
    expect(ring.publishedKeys().map((key) => key.kid)).to.deep.equal(['b']);
  });
});

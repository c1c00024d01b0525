import { expect } from 'chai';
import { KeyRing } from '../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../src/domain/model/SigningKeyPair';

describe('KeyRing: the active pair is the one activated', () => {
  it('switches to a pair under a new kid even when its material is the same (tokens must name the new kid)', () => {
    const ring = new KeyRing();
    const first: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'same-private', publicKey: 'same-public', createdAt: new Date(0) };
    ring.activate(first);
    ring.activate({ ...first, kid: 'k2' });
    expect(ring.activeKey().kid).to.equal('k2');
    expect(ring.keyFor(undefined)?.kid).to.equal('k2');
  });
});

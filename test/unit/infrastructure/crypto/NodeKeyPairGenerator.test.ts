import { expect } from 'chai';
import crypto, { createPublicKey } from 'node:crypto';
import { NodeKeyPairGenerator } from '../../../../src/infrastructure/crypto/NodeKeyPairGenerator';

describe('NodeKeyPairGenerator', () => {
  const generator = new NodeKeyPairGenerator(2048);

  for (const [alg, curve] of [
    ['ES256', 'prime256v1'],
    ['ES384', 'secp384r1'],
    ['ES512', 'secp521r1'],
  ] as const) {
    it(`makes an EC key on ${curve} for ${alg}, public half as Base64 SPKI DER`, async () => {
      const pair = await generator.generate('ecdsa', alg);
      const key = createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' });
      expect(key.asymmetricKeyType).to.equal('ec');
      expect(key.asymmetricKeyDetails?.namedCurve).to.equal(curve);
    });
  }

  for (const [alg, bytes] of [
    ['HS256', 32],
    ['HS384', 48],
    ['HS512', 64],
  ] as const) {
    it(`makes a random ${bytes}-byte secret for ${alg}, the same text in both halves`, async () => {
      const first = await generator.generate('hmac', alg);
      const second = await generator.generate('hmac', alg);
      expect(Buffer.from(first.privateKey, 'base64')).to.have.length(bytes);
      expect(first.publicKey).to.equal(first.privateKey);
      expect(first.privateKey).not.to.equal(second.privateKey);
      expect(first.kid).not.to.equal(second.kid);
    });
  }

  it('hands an RSA key to the thread pool before generate() returns (a first key at start-up is made while the service loads)', async () => {
    const started: string[] = [];
    const native = crypto.generateKeyPair;
    // node-forge delegates to node:crypto's generateKeyPair, looked up on the module when it generates.
    (crypto as { generateKeyPair: unknown }).generateKeyPair = (type: string, ...rest: unknown[]) => {
      started.push(type);
      return (native as (...args: unknown[]) => void)(type, ...rest);
    };
    try {
      const pending = new NodeKeyPairGenerator(2048).generate('rsa', 'RS256');
      expect(started, 'started in the same turn').to.deep.equal(['rsa']);
      const pair = await pending;
      expect(createPublicKey({ key: Buffer.from(pair.publicKey, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyDetails?.modulusLength).to.equal(2048);
    } finally {
      (crypto as { generateKeyPair: unknown }).generateKeyPair = native;
    }
  });
});

import { expect } from 'chai';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { algorithmsForKey } from '../../../../src/infrastructure/crypto/algorithms';
import { keyEncodingOf, publicKeyToText, secretKeyFromText } from '../../../../src/infrastructure/crypto/keyEncoding';

/** An hmac "secret" that is really some other key is named, never taken; every real random secret is taken. */
describe('secretKeyFromText and algorithmsForKey: the key type guard', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spkiText = publicKeyToText(rsa.publicKey);
  const pem = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();

  it('secretKeyFromText names what it refused: SPKI, PKCS#1, PKCS#8, PEM, JWK', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(() => secretKeyFromText(spkiText)).to.throw(/rsa public key \(SPKI DER\)/);
    expect(() => secretKeyFromText(rsa.publicKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'))).to.throw(/rsa public key \(PKCS1 DER\)/);
    expect(() => secretKeyFromText(publicKeyToText(ec.publicKey))).to.throw(/ec public key/);
    expect(() => secretKeyFromText(ec.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'))).to.throw(/private key/);
    expect(() => secretKeyFromText(Buffer.from(pem).toString('base64'))).to.throw(/PEM/);
    expect(keyEncodingOf(JSON.stringify(rsa.publicKey.export({ format: 'jwk' })))).to.equal('a JSON Web Key');
    expect(keyEncodingOf(randomBytes(64))).to.equal(null);
  });

  it('takes every random secret, also one whose bytes begin with "{" or whitespace (about 1 in 200 of them)', () => {
    // Such secrets came out of the generator and were refused as "a JSON Web Key": every login then answered 500.
    for (const first of [0x7b, 0x20, 0x09, 0x0a, 0xa0]) {
      const bytes = Buffer.concat([Buffer.from([first, 0x7b]), randomBytes(30)]);
      expect(keyEncodingOf(bytes), first.toString(16)).to.equal(null);
      expect(secretKeyFromText(bytes.toString('base64')).export().equals(bytes)).to.equal(true);
    }
    for (let i = 0; i < 2000; i++) {
      const bytes = randomBytes(32);
      expect(() => secretKeyFromText(bytes.toString('base64')), bytes.toString('hex')).not.to.throw();
    }
  });

  it('still names a JWK or a JWK Set hidden in the secret bytes', () => {
    const jwk = JSON.stringify(rsa.publicKey.export({ format: 'jwk' }));
    expect(keyEncodingOf(Buffer.from(` ${jwk}`))).to.equal('a JSON Web Key');
    expect(keyEncodingOf(Buffer.from(JSON.stringify({ keys: [JSON.parse(jwk)] })))).to.equal('a JSON Web Key');
    expect(() => secretKeyFromText(Buffer.from(jwk).toString('base64'))).to.throw(/JSON Web Key/);
    expect(keyEncodingOf('{"not":"a key"}')).to.equal(null);
  });

  it('an RSA-PSS key verifies PS algorithms only, an EC key only the ES algorithm of its curve', () => {
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    expect(algorithmsForKey(pss.publicKey)).to.deep.equal(['PS256', 'PS384', 'PS512']);
    expect(algorithmsForKey(generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey)).to.deep.equal(['ES384']);
    expect(algorithmsForKey(generateKeyPairSync('ed25519').publicKey)).to.deep.equal([]);
  });

});

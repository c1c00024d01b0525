import { expect } from 'chai';
import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { jwkThumbprint } from '../../src/index';
import { privateKeyFromText, privateKeyToText, publicKeyFromText, publicKeyToText, secretKeyFromText } from '../../src/infrastructure/crypto/keyEncoding';

/** The RSA key of RFC 7638 section 3.1 and the thumbprint the RFC gives for it. */
const RFC7638_JWK = {
  kty: 'RSA',
  n:
    '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc' +
    '5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQ' +
    'Fh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
  e: 'AQAB',
  alg: 'RS256',
  kid: '2011-04-29',
};
const RFC7638_THUMBPRINT = 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs';

function sameKey(a: KeyObject, b: KeyObject): boolean {
  return a.equals(b);
}

describe('keyEncoding', () => {
  // Made once when the file loads, not in a before hook: the mutation run reruns the hook for every mutant.
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

  it('writes public keys as standard padded Base64 of the SPKI DER, and reads them back', () => {
    for (const pair of [rsa, ec]) {
      const text = publicKeyToText(pair.publicKey);
      expect(text).to.match(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(text.length % 4).to.equal(0);
      expect(Buffer.from(text, 'base64').equals(pair.publicKey.export({ format: 'der', type: 'spki' }))).to.equal(true);
      expect(sameKey(publicKeyFromText(text), pair.publicKey)).to.equal(true);
    }
  });

  it('round-trips private keys as Base64 PKCS#8 DER', () => {
    for (const pair of [rsa, ec]) {
      const text = privateKeyToText(pair.privateKey);
      expect(Buffer.from(text, 'base64').equals(pair.privateKey.export({ format: 'der', type: 'pkcs8' }))).to.equal(true);
      expect(sameKey(privateKeyFromText(text), pair.privateKey)).to.equal(true);
    }
  });

  it('tolerates PEM and line-wrapped Base64 on input', () => {
    const pem = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(sameKey(publicKeyFromText(pem), rsa.publicKey)).to.equal(true);
    expect(sameKey(publicKeyFromText(`\n  ${pem}  \n`), rsa.publicKey)).to.equal(true);
    const privatePem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(sameKey(privateKeyFromText(privatePem), rsa.privateKey)).to.equal(true);
    const wrapped = publicKeyToText(rsa.publicKey).replace(/(.{64})/g, '$1\n');
    expect(sameKey(publicKeyFromText(wrapped), rsa.publicKey)).to.equal(true);
  });

  it('rejects text that is not Base64 instead of decoding what it can', () => {
    const text = publicKeyToText(rsa.publicKey);
    for (const bad of ['', '   ', 'not base64!', `${text}!`, `${text.slice(0, 40)}*${text.slice(40)}`, 'a'.repeat(10) + '===']) {
      expect(() => publicKeyFromText(bad), JSON.stringify(bad.slice(0, 20))).to.throw();
    }
    expect(() => secretKeyFromText('%%%')).to.throw(TypeError, 'not Base64');
    expect(() => privateKeyFromText('not base64!')).to.throw(TypeError, 'not Base64');
  });

  it('rejects Base64 that is not a key of the expected kind', () => {
    expect(() => publicKeyFromText(Buffer.from('hello').toString('base64'))).to.throw();
    expect(() => publicKeyFromText(privateKeyToText(rsa.privateKey))).to.throw();
  });

  it('reads an HMAC secret from Base64', () => {
    const secret = randomBytes(32);
    const key = secretKeyFromText(secret.toString('base64'));
    expect(key.type).to.equal('secret');
    expect(key.export().equals(secret)).to.equal(true);
  });

  it('computes the RFC 7638 thumbprint of the RFC example key', () => {
    const key = createPublicKey({ key: RFC7638_JWK, format: 'jwk' });
    expect(jwkThumbprint(key)).to.equal(RFC7638_THUMBPRINT);
  });

  it('gives each key a stable base64url SHA-256 thumbprint', () => {
    expect(jwkThumbprint(rsa.publicKey)).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(jwkThumbprint(ec.publicKey)).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(jwkThumbprint(ec.publicKey)).not.to.equal(jwkThumbprint(rsa.publicKey));
    expect(jwkThumbprint(publicKeyFromText(publicKeyToText(ec.publicKey)))).to.equal(jwkThumbprint(ec.publicKey));
  });
});

import { expect } from 'chai';
import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import { jwkThumbprint } from '../../../../src/index';
import { keyEncodingOf, privateKeyFromText, privateKeyToText, secretKeyFromText } from '../../../../src/infrastructure/crypto/keyEncoding';
import { signingKey } from '../../../support/testKeys';

/** RFC 7638 §3: SHA-256 of the required members in lexicographic order, no whitespace, base64url. */
const thumbprintOf = (members: Record<string, unknown>) => createHash('sha256').update(JSON.stringify(members)).digest('base64url');

describe('keyEncoding: what a key text is, secrets that are keys, thumbprints of every key type', () => {
  const rsa = signingKey('rsa');
  const ec = signingKey('ec');

  it('names each key encoding, in text or in bytes', () => {
    const spki = Buffer.from(rsa.publicKey, 'base64');
    const pkcs1 = rsa.publicKeyObject.export({ format: 'der', type: 'pkcs1' });
    const pkcs8 = Buffer.from(ec.privateKey, 'base64');
    expect(keyEncodingOf(spki)).to.equal('an rsa public key (SPKI DER)');
    expect(keyEncodingOf(pkcs1)).to.equal('an rsa public key (PKCS1 DER)');
    expect(keyEncodingOf(pkcs8)).to.equal('an ec private key (PKCS8 DER)');
    const pem = rsa.publicKeyObject.export({ format: 'pem', type: 'pkcs1' }).toString();
    expect(keyEncodingOf(pem)).to.equal('a PEM key');
    expect(keyEncodingOf(Buffer.from(pem, 'latin1'))).to.equal('a PEM key');
    expect(keyEncodingOf('-----BEGIN KEY-----')).to.equal('a PEM key');
    const jwk = JSON.stringify(rsa.publicKeyObject.export({ format: 'jwk' }));
    expect(keyEncodingOf(jwk)).to.equal('a JSON Web Key');
    expect(keyEncodingOf(`  ${jwk}`)).to.equal('a JSON Web Key');
    expect(keyEncodingOf(Buffer.from(jwk))).to.equal('a JSON Web Key');
    expect(keyEncodingOf('{"keys":[]}')).to.equal('a JSON Web Key');
  });

  it('answers null for plain secret text and bytes, also ones that look like JSON but are no key', () => {
    for (const data of ['c2VjcmV0', '{not json', '{"kid":"x"}', '{"keys":"none"}', 'null', '[{"kty":"oct"}]']) {
      expect(keyEncodingOf(data), data).to.equal(null);
    }
    expect(keyEncodingOf(Buffer.from('{ secret bytes'))).to.equal(null);
    expect(keyEncodingOf(Buffer.alloc(32, 1))).to.equal(null);
  });

  it('refuses an hmac "secret" that is, or encodes, a key', () => {
    const pem = rsa.publicKeyObject.export({ format: 'pem', type: 'spki' }).toString();
    expect(() => secretKeyFromText(pem)).to.throw(TypeError, 'the key text is a PEM key, not an hmac secret');
    expect(() => secretKeyFromText(rsa.publicKey)).to.throw(TypeError, 'the key text is an rsa public key (SPKI DER), not an hmac secret');
    expect(() => secretKeyFromText(Buffer.from(JSON.stringify({ kty: 'oct', k: 'AAAA' })).toString('base64'))).to.throw(
      TypeError,
      'the key text is a JSON Web Key, not an hmac secret',
    );
  });

  it('reads a private key in PEM with blanks around it', () => {
    const pem = rsa.privateKeyObject.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(privateKeyToText(privateKeyFromText(`\n  ${pem}\n`))).to.equal(rsa.privateKey);
  });

  it('thumbprints EC and secret keys from their RFC 7638 members, so different keys differ', () => {
    const jwk = ec.publicKeyObject.export({ format: 'jwk' });
    expect(jwkThumbprint(ec.publicKeyObject)).to.equal(thumbprintOf({ crv: jwk.crv, kty: 'EC', x: jwk.x, y: jwk.y }));
    const secret = createSecretKey(randomBytes(32));
    expect(jwkThumbprint(secret)).to.equal(thumbprintOf({ k: secret.export({ format: 'jwk' }).k, kty: 'oct' }));
    expect(jwkThumbprint(createSecretKey(randomBytes(32)))).to.not.equal(jwkThumbprint(secret));
  });
});

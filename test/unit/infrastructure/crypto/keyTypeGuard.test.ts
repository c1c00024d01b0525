import { expect } from 'chai';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { TokenInvalidError } from '../../../../src/domain/errors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { algorithmsForKey } from '@auth-service/client';
import { JsonWebTokenVerifier } from '@auth-service/client';
import { keyEncodingOf, publicKeyToText, secretKeyFromText } from '@auth-service/client';
import { compactJws, hmacSha256, rsaSha256 } from '../../../support/compactJws';
import { FixedClock } from '../../../support/FixedClock';
import { stubClaims } from '../../../support/testKeys';

const START = '2026-01-01T00:00:00Z';
const IAT = Date.parse(START) / 1000;

/**
 * The auth service's own verifier (KeyRing + JsonWebTokenVerifier) with an hmac
 * entry whose "secret" is really a public key (a store mixed up by hand, a
 * migration gone wrong): it must verify nothing, whatever encoding the key has.
 */
describe('key type guard in the shared verifier', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spkiText = publicKeyToText(rsa.publicKey);
  const pem = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const der = rsa.publicKey.export({ format: 'der', type: 'spki' });

  function ringWithHmacMaterial(material: string): KeyRing {
    const pair: SigningKeyPair = { kid: 'k1', method: 'hmac', alg: 'HS256', privateKey: material, publicKey: material, createdAt: new Date(START) };
    const ring = new KeyRing();
    ring.activate(pair);
    return ring;
  }

  const claims = { ...stubClaims({ iat: IAT, exp: IAT + 600 }) } as unknown as Record<string, unknown>;

  for (const [name, material, secret] of [
    ['Base64 SPKI DER text', spkiText, spkiText],
    ['Base64 SPKI DER text, signed with its DER bytes', spkiText, der],
    ['PEM', pem, pem],
  ] as const) {
    it(`an hmac key whose material is a public key (${name}) verifies no HS256 token`, () => {
      const verifier = new JsonWebTokenVerifier(ringWithHmacMaterial(material), new FixedClock(START), { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
      const forged = compactJws({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, claims, hmacSha256(secret));
      expect(() => verifier.verify(forged)).to.throw(TokenInvalidError);
    });
  }

  it('an hmac key with a real secret still verifies (the control)', () => {
    const secret = randomBytes(32);
    const verifier = new JsonWebTokenVerifier(ringWithHmacMaterial(secret.toString('base64')), new FixedClock(START), {
      clockToleranceSeconds: 0,
      maxTokenLifetimeSeconds: 18000,
    });
    const token = compactJws({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, claims, (input) => createHmac('sha256', secret).update(input).digest());
    expect(verifier.verify(token).account).to.equal('admin');
  });

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

  it('refuses an RS256 token on an rsa key entry whose material is an RSA-PSS key', () => {
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const ring = new KeyRing();
    ring.activate({ kid: 'p1', method: 'rsa', alg: 'RS256', privateKey: '', publicKey: publicKeyToText(pss.publicKey), createdAt: new Date(START) });
    const verifier = new JsonWebTokenVerifier(ring, new FixedClock(START), { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
    const token = compactJws({ alg: 'RS256', typ: 'JWT', kid: 'p1' }, claims, rsaSha256(pss.privateKey));
    expect(() => verifier.verify(token)).to.throw(TokenInvalidError);
  });
});

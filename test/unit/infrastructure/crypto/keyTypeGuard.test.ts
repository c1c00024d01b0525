import { expect } from 'chai';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { TokenInvalidError } from '../../../../src/domain/errors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { buildTokenVerifier, type Clock, type KeyHolderVerifier, type VerificationKeySource } from '@auth-service/client';
import { publicKeyToText } from '../../../../src/infrastructure/crypto/keyText';
import { compactJws, hmacSha256, rsaSha256 } from '../../../support/compactJws';
import { FixedClock } from '../../../support/FixedClock';
import { stubClaims } from '../../../support/testKeys';

const START = '2026-01-01T00:00:00Z';
const IAT = Date.parse(START) / 1000;

function verifierOver(keys: VerificationKeySource, clock: Clock, settings: { clockToleranceSeconds: number; maxTokenLifetimeSeconds: number }): KeyHolderVerifier {
  return buildTokenVerifier(keys, clock, { ...settings, verifiedTokenCacheSize: 0 });
}

/**
 * The auth service's own verifier (KeyRing + the library's buildTokenVerifier) with an hmac
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
      const verifier = verifierOver(ringWithHmacMaterial(material), new FixedClock(START), { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
      const forged = compactJws({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, claims, hmacSha256(secret));
      expect(() => verifier.verify(forged)).to.throw(TokenInvalidError);
    });
  }

  it('an hmac key with a real secret still verifies (the control)', () => {
    const secret = randomBytes(32);
    const verifier = verifierOver(ringWithHmacMaterial(secret.toString('base64')), new FixedClock(START), {
      clockToleranceSeconds: 0,
      maxTokenLifetimeSeconds: 18000,
    });
    const token = compactJws({ alg: 'HS256', typ: 'JWT', kid: 'k1' }, claims, (input) => createHmac('sha256', secret).update(input).digest());
    expect(verifier.verify(token).account).to.equal('admin');
  });

  it('refuses an RS256 token on an rsa key entry whose material is an RSA-PSS key', () => {
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const ring = new KeyRing();
    ring.activate({ kid: 'p1', method: 'rsa', alg: 'RS256', privateKey: '', publicKey: publicKeyToText(pss.publicKey), createdAt: new Date(START) });
    const verifier = verifierOver(ring, new FixedClock(START), { clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18000 });
    const token = compactJws({ alg: 'RS256', typ: 'JWT', kid: 'p1' }, claims, rsaSha256(pss.privateKey));
    expect(() => verifier.verify(token)).to.throw(TokenInvalidError);
  });
});

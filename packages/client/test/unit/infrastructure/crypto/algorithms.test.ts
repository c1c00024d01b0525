import { expect } from 'chai';
import { createSecretKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { CURVE_BY_EC_ALGORITHM, algorithmsForKey, hmacHashBytes } from '../../../../src/infrastructure/crypto/algorithms';
import { ParsedKeyCache, parseVerificationKey, usableAlgorithms } from '../../../../src/infrastructure/crypto/ParsedKeyCache';
import { publicKeyToText } from '../../../../src/infrastructure/crypto/keyEncoding';
import { rsaPssPublicKey, signingKey } from '../../../support/testKeys';

describe('algorithms a key can honestly verify, from its real type (never from a token header)', () => {
  const rsa = signingKey('rsa');
  const ec = signingKey('ec');

  it('RSA → RS and PS; RSA-PSS → PS only; secret → HS', () => {
    expect(algorithmsForKey(rsa.publicKeyObject)).to.deep.equal(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']);
    expect(algorithmsForKey(rsaPssPublicKey())).to.deep.equal(['PS256', 'PS384', 'PS512']);
    expect(algorithmsForKey(createSecretKey(randomBytes(32)))).to.deep.equal(['HS256', 'HS384', 'HS512']);
  });

  it('EC → the one ES algorithm of its curve; other curves and key types verify nothing', () => {
    expect(algorithmsForKey(ec.publicKeyObject)).to.deep.equal(['ES256']);
    expect(algorithmsForKey(generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey)).to.deep.equal(['ES384']);
    expect(algorithmsForKey(generateKeyPairSync('ec', { namedCurve: 'secp521r1' }).publicKey)).to.deep.equal(['ES512']);
    expect(algorithmsForKey(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey)).to.deep.equal([]);
    expect(algorithmsForKey(generateKeyPairSync('ed25519').publicKey)).to.deep.equal([]);
    expect(CURVE_BY_EC_ALGORITHM).to.deep.equal({ ES256: 'prime256v1', ES384: 'secp384r1', ES512: 'secp521r1' });
  });

  it('narrows the configured algorithms to the key’s own', () => {
    expect(usableAlgorithms(rsa.publicKeyObject, ['HS256', 'PS256', 'ES256', 'RS512'])).to.deep.equal(['PS256', 'RS512']);
    expect(usableAlgorithms(ec.publicKeyObject, ['RS256'])).to.deep.equal([]);
  });

  it('knows the hash size of an HS algorithm', () => {
    expect(['HS256', 'HS384', 'HS512'].map(hmacHashBytes)).to.deep.equal([32, 48, 64]);
  });
});

describe('ParsedKeyCache: key text imported once per key object', () => {
  const rsa = signingKey('rsa');

  it('parses a key on first use and answers the same parsed key after', () => {
    const cache = new ParsedKeyCache();
    const key = { kid: 'a', method: 'rsa' as const, algorithms: ['RS256', 'ES256'], material: rsa.publicKey };
    const parsed = cache.get(key);
    expect(parsed?.algorithms).to.deep.equal(['RS256']);
    expect(parsed?.key.asymmetricKeyType).to.equal('rsa');
    expect(cache.get(key)).to.equal(parsed);
    expect(cache.get({ ...key })).to.not.equal(parsed);
  });

  it('answers a remembered key without parsing, and null (remembered too) for unusable keys', () => {
    const cache = new ParsedKeyCache();
    const key = { kid: 'a', method: 'rsa' as const, algorithms: ['RS256'], material: 'not a key' };
    expect(cache.get(key)).to.equal(null);
    const remembered = { kid: 'b', method: 'rsa' as const, algorithms: ['RS256'], material: 'never parsed' };
    const parsed = { key: rsa.publicKeyObject, algorithms: ['RS256'] };
    cache.remember(remembered, parsed);
    expect(cache.get(remembered)).to.equal(parsed);
  });

  it('reads hmac material as a secret and public material for rsa/ecdsa; a key verifying none of its algorithms is unusable', () => {
    const secret = randomBytes(32).toString('base64');
    expect(parseVerificationKey({ kid: 'h', method: 'hmac', algorithms: ['HS256'], material: secret })?.key.type).to.equal('secret');
    expect(parseVerificationKey({ kid: 'h', method: 'rsa', algorithms: ['HS256'], material: secret })).to.equal(null);
    expect(parseVerificationKey({ kid: 'r', method: 'rsa', algorithms: ['ES256'], material: rsa.publicKey })).to.equal(null);
    expect(parseVerificationKey({ kid: 'r', method: 'hmac', algorithms: ['HS256'], material: publicKeyToText(rsa.publicKeyObject) })).to.equal(null);
  });
});

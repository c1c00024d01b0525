import { createPublicKey, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { KeyMaterialInvalidError } from '../../../../src/index';
import type { VerificationKey } from '../../../../src/index';
import { ALGORITHMS_BY_METHOD } from '../../../../src/index';
import { jwkThumbprint } from '../../../../src/index';
import { secretKeyFromText } from '../../../../src/infrastructure/crypto/keyEncoding';
import { NodeVerificationKeyReader } from '../../../../src/infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache, type ParsedKey } from '../../../../src/infrastructure/crypto/ParsedKeyCache';
import { signingKey } from '../../../support/testKeys';

class RecordingCache extends ParsedKeyCache {
  readonly remembered: ParsedKey[] = [];
  override remember(key: VerificationKey, parsed: ParsedKey): void {
    this.remembered.push(parsed);
    super.remember(key, parsed);
  }
}

describe('NodeVerificationKeyReader', () => {
  const rsa = signingKey('rsa');
  const ec = signingKey('ec');
  let cache: RecordingCache;
  let reader: NodeVerificationKeyReader;

  beforeEach(() => {
    cache = new RecordingCache();
    reader = new NodeVerificationKeyReader(cache);
  });

  it('reads a Base64 SPKI RSA key: thumbprint kid, RS and PS algorithms, frozen, imported once into the shared cache', () => {
    const key = reader.read(rsa.publicKey, 'rsa', ALGORITHMS_BY_METHOD.rsa);
    expect(key).to.deep.equal({ kid: rsa.kid, method: 'rsa', algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'], material: rsa.publicKey });
    expect(Object.isFrozen(key)).to.equal(true);
    expect(cache.remembered).to.have.length(1);
    expect(cache.get(key)).to.equal(cache.remembered[0]);
  });

  it('tolerates PEM and gives the same kid', () => {
    const pem = createPublicKey({ key: Buffer.from(rsa.publicKey, 'base64'), format: 'der', type: 'spki' }).export({ format: 'pem', type: 'spki' }).toString();
    expect(reader.read(pem, 'rsa', ALGORITHMS_BY_METHOD.rsa).kid).to.equal(rsa.kid);
  });

  it('lets an EC key verify only the ES algorithm of its curve', () => {
    expect(reader.read(ec.publicKey, 'ecdsa', ALGORITHMS_BY_METHOD.ecdsa).algorithms).to.deep.equal(['ES256']);
  });

  it('reads a Base64 secret only for hmac', () => {
    const secret = randomBytes(32).toString('base64');
    const key = reader.read(secret, 'hmac', ALGORITHMS_BY_METHOD.hmac);
    expect(key.algorithms).to.deep.equal(['HS256', 'HS384', 'HS512']);
    expect(key.kid).to.equal(jwkThumbprint(secretKeyFromText(secret)));
    expect(() => reader.read(secret, 'rsa', ALGORITHMS_BY_METHOD.rsa)).to.throw(KeyMaterialInvalidError);
  });

  it('refuses a key whose type does not match the configured method', () => {
    expect(() => reader.read(ec.publicKey, 'rsa', ALGORITHMS_BY_METHOD.rsa)).to.throw(KeyMaterialInvalidError, /a key of type ec prime256v1 cannot verify rsa tokens/);
    expect(() => reader.read(rsa.publicKey, 'ecdsa', ALGORITHMS_BY_METHOD.ecdsa)).to.throw(KeyMaterialInvalidError, /a key of type rsa cannot verify ecdsa tokens/);
    expect(cache.remembered).to.have.length(0);
  });

  it('refuses text that is no key, and private keys', () => {
    for (const text of ['', 'hello world', '!!!!', 'QUJD', `-----BEGIN PRIVATE KEY-----\n${rsa.privateKey}\n-----END PRIVATE KEY-----`]) {
      expect(() => reader.read(text, 'rsa', ALGORITHMS_BY_METHOD.rsa), text).to.throw(KeyMaterialInvalidError);
    }
    expect(() => reader.read(rsa.privateKey, 'rsa', ALGORITHMS_BY_METHOD.rsa)).to.throw(KeyMaterialInvalidError);
    expect(() => reader.read('-----BEGIN PUBLIC KEY-----', 'hmac', ALGORITHMS_BY_METHOD.hmac)).to.throw(KeyMaterialInvalidError);
  });
});

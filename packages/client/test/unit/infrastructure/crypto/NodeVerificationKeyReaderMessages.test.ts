import { expect } from 'chai';
import { createSecretKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { ALGORITHMS_BY_METHOD, KeyMaterialInvalidError } from '../../../../src/index';
import { NodeVerificationKeyReader } from '../../../../src/infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../../../src/infrastructure/crypto/ParsedKeyCache';
import { publicKeyToText } from '../../../../src/infrastructure/crypto/keyEncoding';
import { signingKey } from '../../../support/testKeys';

function failure(action: () => unknown): KeyMaterialInvalidError {
  try {
    action();
  } catch (error) {
    expect(error).to.be.instanceOf(KeyMaterialInvalidError);
    return error as KeyMaterialInvalidError;
  }
  throw new Error('expected a KeyMaterialInvalidError');
}

describe('NodeVerificationKeyReader: published keys, listed keys and what each refusal says', () => {
  const rsa = signingKey('rsa');
  const ec = signingKey('ec');
  const jwkOf = (pair: typeof rsa, extra: Record<string, unknown> = {}) => ({ ...pair.publicKeyObject.export({ format: 'jwk' }), ...extra });
  let reader: NodeVerificationKeyReader;

  beforeEach(() => {
    reader = new NodeVerificationKeyReader(new ParsedKeyCache());
  });

  describe('a published JWK', () => {
    it('keeps its kid, stores the key as Base64 SPKI DER, and narrows the algorithms to its alg', () => {
      const key = reader.readJwk(jwkOf(rsa, { kid: 'published-1', alg: 'PS256', use: 'sig' }), 'rsa', ALGORITHMS_BY_METHOD.rsa);
      expect(key).to.deep.equal({ kid: 'published-1', method: 'rsa', algorithms: ['PS256'], material: rsa.publicKey });
    });

    it('takes the thumbprint as kid when the kid is missing, empty or not a string, and every allowed algorithm without alg', () => {
      for (const kid of [undefined, '', 42]) {
        const key = reader.readJwk(jwkOf(rsa, { kid }), 'rsa', ['RS256', 'PS512']);
        expect(key.kid, String(kid)).to.equal(rsa.kid);
        expect(key.algorithms).to.deep.equal(['RS256', 'PS512']);
      }
      expect(reader.readJwk(jwkOf(rsa, { alg: 7 }), 'rsa', ['RS256']).algorithms).to.deep.equal(['RS256']);
    });

    it('refuses a key whose published alg is not one the client allows', () => {
      const error = failure(() => reader.readJwk(jwkOf(rsa, { alg: 'RS512' }), 'rsa', ['RS256']));
      expect(error.message).to.equal('a key of type rsa cannot verify rsa tokens ()');
    });

    it('never takes an hmac secret from a published set', () => {
      const oct = createSecretKey(randomBytes(32)).export({ format: 'jwk' });
      expect(failure(() => reader.readJwk(oct, 'hmac', ALGORITHMS_BY_METHOD.hmac)).message).to.equal('an hmac secret is never taken from a published key set');
    });

    it('refuses a JWK holding any private member', () => {
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']) {
        const error = failure(() => reader.readJwk(jwkOf(rsa, { [member]: 'AQAB' }), 'rsa', ALGORITHMS_BY_METHOD.rsa));
        expect(error.message, member).to.equal('the published key holds private material; refusing it');
      }
    });

    it('refuses a key published for another use than signatures, and takes one without use', () => {
      expect(failure(() => reader.readJwk(jwkOf(rsa, { use: 'enc' }), 'rsa', ALGORITHMS_BY_METHOD.rsa)).message).to.equal('the published key is not for signatures');
      expect(reader.readJwk(jwkOf(rsa), 'rsa', ['RS256']).kid).to.equal(rsa.kid);
    });

    it('refuses what is not a usable public JWK, keeping the cause', () => {
      const error = failure(() => reader.readJwk({ kty: 'RSA', n: 'nonsense' }, 'rsa', ALGORITHMS_BY_METHOD.rsa));
      expect(error.message).to.equal('the published key is not a usable public JWK');
      expect(error.cause).to.be.instanceOf(Error);
    });

    it('refuses an EC key for rsa, naming its curve', () => {
      expect(failure(() => reader.readJwk(jwkOf(ec), 'rsa', ALGORITHMS_BY_METHOD.rsa)).message).to.equal(
        'a key of type ec prime256v1 cannot verify rsa tokens (RS256, RS384, RS512, PS256, PS384, PS512)',
      );
    });
  });

  describe('a listed key (hmac key list)', () => {
    it('keeps the listed kid and only the listed alg', () => {
      const secret = randomBytes(32).toString('base64');
      const key = reader.read(secret, 'hmac', ALGORITHMS_BY_METHOD.hmac, { kid: 'h-7', alg: 'HS384' });
      expect(key).to.deep.equal({ kid: 'h-7', method: 'hmac', algorithms: ['HS384'], material: secret });
      expect(failure(() => reader.read(secret, 'hmac', ['HS256'], { kid: 'h-8', alg: 'HS512' })).message).to.equal('a key of type secret cannot verify hmac tokens ()');
    });
  });

  describe('key text that cannot be used', () => {
    it('refuses private key text before parsing it', () => {
      const pem = rsa.privateKeyObject.export({ format: 'pem', type: 'pkcs8' }).toString();
      expect(failure(() => reader.read(pem, 'rsa', ALGORITHMS_BY_METHOD.rsa)).message).to.equal('the key text is a private key; refusing it');
    });

    it('says an hmac client was handed a public key: the auth service does not sign with hmac', () => {
      const error = failure(() => reader.read(rsa.publicKey, 'hmac', ALGORITHMS_BY_METHOD.hmac));
      expect(error.message).to.equal('the key text is an rsa public key (SPKI DER), not an hmac secret; the auth service does not sign with hmac (check AUTH_SIGN_METHOD)');
      expect(error.cause).to.be.instanceOf(TypeError);
    });

    it('says what text each method expects, keeping the cause', () => {
      const hmac = failure(() => reader.read('!!not base64!!', 'hmac', ALGORITHMS_BY_METHOD.hmac));
      expect(hmac.message).to.equal('the key text is not a Base64 secret');
      expect(hmac.cause).to.be.instanceOf(TypeError).with.property('message', 'key text is not Base64');
      const rsaText = failure(() => reader.read('QUJD', 'rsa', ALGORITHMS_BY_METHOD.rsa));
      expect(rsaText.message).to.equal('the key text is not a Base64 SPKI DER or PEM public key (an hmac secret? check AUTH_SIGN_METHOD)');
      expect(rsaText.cause).to.be.instanceOf(Error);
    });

    it('names a secret and a key without a named curve by their type when they cannot verify the method', () => {
      const secret = Buffer.from(randomBytes(32)).toString('base64');
      expect(failure(() => reader.read(secret, 'hmac', ['RS256'])).message).to.equal('a key of type secret cannot verify hmac tokens (RS256)');
      const ed = generateKeyPairSync('ed25519').publicKey;
      expect(failure(() => reader.read(publicKeyToText(ed), 'rsa', ['RS256'])).message).to.equal('a key of type ed25519 cannot verify rsa tokens (RS256)');
    });
  });
});

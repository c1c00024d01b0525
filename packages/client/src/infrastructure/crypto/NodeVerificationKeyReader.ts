import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { KeyMaterialInvalidError } from '../../domain/errors';
import type { SignMethod } from '../../domain/model/SignMethod';
import type { VerificationKey } from '../../domain/model/VerificationKey';
import type { VerificationKeyReader } from '../../domain/ports/VerificationKeyReader';
import { jwkThumbprint, publicKeyFromText, publicKeyToText, secretKeyFromText } from './keyEncoding';
import { ParsedKeyCache, usableAlgorithms } from './ParsedKeyCache';

/**
 * Imports fetched key text with node:crypto: Base64 SPKI DER or PEM for rsa and
 * ecdsa, a Base64 secret only for hmac. The imported KeyObject goes into the
 * verifier's cache, so the text is imported exactly once per key.
 */
export class NodeVerificationKeyReader implements VerificationKeyReader {
  constructor(private readonly parsedKeys: ParsedKeyCache) {}

  read(material: string, method: SignMethod, allowed: readonly string[], published?: { readonly kid: string; readonly alg: string }): VerificationKey {
    const keyObject = importKey(material, method);
    if (!published) return this.remember(keyObject, jwkThumbprint(keyObject), material, method, allowed);
    // A listed alg is the only one its tokens may use.
    return this.remember(keyObject, published.kid, material, method, allowed.filter((alg) => alg === published.alg));
  }

  readJwk(jwk: Readonly<Record<string, unknown>>, method: SignMethod, allowed: readonly string[]): VerificationKey {
    const keyObject = importJwk(jwk, method);
    const kid = typeof jwk.kid === 'string' && jwk.kid.length > 0 ? jwk.kid : jwkThumbprint(keyObject);
    // A published alg is the only one its tokens may use.
    const narrowed = typeof jwk.alg === 'string' ? allowed.filter((alg) => alg === jwk.alg) : allowed;
    return this.remember(keyObject, kid, publicKeyToText(keyObject), method, narrowed);
  }

  private remember(keyObject: KeyObject, kid: string, material: string, method: SignMethod, allowed: readonly string[]): VerificationKey {
    const algorithms = usableAlgorithms(keyObject, allowed);
    if (algorithms.length === 0) {
      throw new KeyMaterialInvalidError(`a key of type ${describe(keyObject)} cannot verify ${method} tokens (${allowed.join(', ')})`);
    }
    const key: VerificationKey = Object.freeze({ kid, method, algorithms: Object.freeze([...algorithms]), material });
    this.parsedKeys.remember(key, { key: keyObject, algorithms });
    return key;
  }
}

/** Private members of RSA and EC JWKs, and the secret of an oct JWK. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function importJwk(jwk: Readonly<Record<string, unknown>>, method: SignMethod): KeyObject {
  if (method === 'hmac') throw new KeyMaterialInvalidError('an hmac secret is never taken from a published key set');
  if (PRIVATE_JWK_MEMBERS.some((member) => member in jwk)) throw new KeyMaterialInvalidError('the published key holds private material; refusing it');
  if (jwk.use !== undefined && jwk.use !== 'sig') throw new KeyMaterialInvalidError('the published key is not for signatures');
  try {
    return createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
  } catch (error) {
    throw new KeyMaterialInvalidError('the published key is not a usable public JWK', { cause: error });
  }
}

function importKey(material: string, method: SignMethod): KeyObject {
  // node:crypto would derive a public key from a private one; a client must never hold one.
  if (material.includes('PRIVATE KEY')) throw new KeyMaterialInvalidError('the key text is a private key; refusing it');
  try {
    return method === 'hmac' ? secretKeyFromText(material) : publicKeyFromText(material);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, only secretKeyFromText (hmac) throws a TypeError that starts so
    if (method === 'hmac' && error instanceof TypeError && error.message.startsWith('the key text is ')) {
      // Key confusion: the text is a public key, so the auth service signs with rsa or ecdsa, not hmac.
      throw new KeyMaterialInvalidError(`${error.message}; the auth service does not sign with hmac (check AUTH_SIGN_METHOD)`, { cause: error });
    }
    const expected = method === 'hmac' ? 'a Base64 secret' : 'a Base64 SPKI DER or PEM public key (an hmac secret? check AUTH_SIGN_METHOD)';
    throw new KeyMaterialInvalidError(`the key text is not ${expected}`, { cause: error });
  }
}

function describe(key: KeyObject): string {
  if (key.type === 'secret') return 'secret';
  // Stryker disable next-line OptionalChaining: equivalent, every asymmetric KeyObject has asymmetricKeyDetails (secrets returned above)
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve ? `${key.asymmetricKeyType} ${curve}` : String(key.asymmetricKeyType);
}

import type { KeyObject } from 'node:crypto';
import { KeyMaterialInvalidError } from '../../domain/errors';
import type { SignMethod } from '../../domain/model/SignMethod';
import type { VerificationKey } from '../../domain/model/VerificationKey';
import type { VerificationKeyReader } from '../../domain/ports/VerificationKeyReader';
import { jwkThumbprint, publicKeyFromText, secretKeyFromText } from './keyEncoding';
import { ParsedKeyCache, usableAlgorithms } from './ParsedKeyCache';

/**
 * Imports fetched key text with node:crypto: Base64 SPKI DER or PEM for rsa and
 * ecdsa, a Base64 secret only for hmac. The imported KeyObject goes into the
 * verifier's cache, so the text is imported exactly once per key.
 */
export class NodeVerificationKeyReader implements VerificationKeyReader {
  constructor(private readonly parsedKeys: ParsedKeyCache) {}

  read(material: string, method: SignMethod, allowed: readonly string[]): VerificationKey {
    const keyObject = importKey(material, method);
    const algorithms = usableAlgorithms(keyObject, allowed);
    if (algorithms.length === 0) {
      throw new KeyMaterialInvalidError(`a key of type ${describe(keyObject)} cannot verify ${method} tokens (${allowed.join(', ')})`);
    }
    const key: VerificationKey = Object.freeze({
      kid: jwkThumbprint(keyObject),
      method,
      algorithms: Object.freeze([...algorithms]),
      material,
    });
    this.parsedKeys.remember(key, { key: keyObject, algorithms });
    return key;
  }
}

function importKey(material: string, method: SignMethod): KeyObject {
  // node:crypto would derive a public key from a private one; a client must never hold one.
  if (material.includes('PRIVATE KEY')) throw new KeyMaterialInvalidError('the key text is a private key; refusing it');
  try {
    return method === 'hmac' ? secretKeyFromText(material) : publicKeyFromText(material);
  } catch (error) {
    const expected = method === 'hmac' ? 'a Base64 secret' : 'a Base64 SPKI DER or PEM public key';
    throw new KeyMaterialInvalidError(`the key text is not ${expected}`, { cause: error });
  }
}

function describe(key: KeyObject): string {
  if (key.type === 'secret') return 'secret';
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return curve ? `${key.asymmetricKeyType} ${curve}` : String(key.asymmetricKeyType);
}

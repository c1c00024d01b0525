import type { SignMethod } from '../model/SignMethod';
import type { VerificationKey } from '../model/VerificationKey';

/**
 * Turns fetched key text into a VerificationKey: kid is the key's RFC 7638
 * thumbprint, algorithms are those of `allowed` that the key's real type can
 * verify. Throws KeyMaterialInvalidError for text that does not parse or a key
 * of the wrong type for the method (an EC key for rsa, a public key for hmac, …).
 */
export interface VerificationKeyReader {
  /** `published` (from a key list) keeps the served kid and narrows the algorithms to its alg. */
  read(material: string, method: SignMethod, allowed: readonly string[], published?: { readonly kid: string; readonly alg: string }): VerificationKey;
  /**
   * The same from a published JWK: its kid is kept as published, its `alg`
   * (when given) narrows the algorithms further. Secret (`oct`) and private
   * JWKs are refused with KeyMaterialInvalidError.
   */
  readJwk(jwk: Readonly<Record<string, unknown>>, method: SignMethod, allowed: readonly string[]): VerificationKey;
}

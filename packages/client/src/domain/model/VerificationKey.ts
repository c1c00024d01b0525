import type { SignMethod } from './SignMethod';

/**
 * A key that tokens are checked against: Base64 SPKI DER for rsa/ecdsa (PEM is
 * tolerated), the Base64 secret for hmac. `algorithms` is the most a token signed
 * with this key may use; the verifier narrows it further by the key's real type.
 */
export interface VerificationKey {
  readonly kid: string;
  readonly method: SignMethod;
  readonly algorithms: readonly string[];
  readonly material: string;
}

import type { SignMethod } from '@auth-service/client';

/**
 * A signing key pair as the store keeps it. Key material is text:
 * the private key as Base64 PKCS#8 DER, the public key as Base64 X.509 SPKI DER
 * (what the key endpoint hands out). For HMAC both hold the Base64 secret.
 */
export interface SigningKeyPair {
  readonly kid: string;
  readonly method: SignMethod;
  readonly alg: string;
  readonly privateKey: string;
  readonly publicKey: string;
  readonly createdAt: Date;
}

/** What a generator produces before a kid and a creation time are attached. */
export interface GeneratedKeyMaterial {
  readonly privateKey: string;
  readonly publicKey: string;
}

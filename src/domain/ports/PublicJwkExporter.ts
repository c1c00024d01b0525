import type { VerificationKey } from '@auth-service/client';

/** An RFC 7517 public JWK: kty, kid, use, alg and the public parameters only. */
export type PublicJwk = Readonly<Record<string, string>>;

export interface PublicJwkExporter {
  /** The key as a public JWK, or null for a key that must never be published (an HMAC secret). */
  toPublicJwk(key: VerificationKey): PublicJwk | null;
}

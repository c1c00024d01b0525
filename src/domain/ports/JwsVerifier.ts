import type { ClientAssertionAlg, PublicJwk } from '../model/ClientJwks';

/** Checks the signature of a compact JWS with one public key; the claims are the caller's to judge. */
export interface JwsVerifier {
  /** True when `jws` is signed with `alg` by `jwk`; false for any other outcome (a key that does not import included). */
  verify(jws: string, alg: ClientAssertionAlg, jwk: PublicJwk): boolean;
}

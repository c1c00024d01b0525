/**
 * OpenID Connect `at_hash` (Core §3.1.3.6): the left half of the hash of the
 * access token's ASCII octets, base64url, the hash being the one of the ID
 * token's JWS `alg` (SHA-256 for RS256, ES256 and PS256; SHA-384 and SHA-512
 * likewise). A port because hashing is crypto, which the domain does not do.
 */
export interface AccessTokenHasher {
  atHash(accessToken: string, alg: string): string;
}

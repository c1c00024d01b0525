/** RFC 7636 §4.6 with S256: whether a code_verifier answers a code_challenge. */
export interface CodeChallengeVerifier {
  /** True when BASE64URL(SHA-256(verifier)) equals the challenge; compared in constant time. */
  matches(verifier: string, challenge: string): boolean;
}

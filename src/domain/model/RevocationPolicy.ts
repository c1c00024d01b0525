/** How long revocation entries must be kept, and how many one subject may hold. */
export interface RevocationPolicy {
  /** The longest a token can be accepted after its iat: token TTL plus the most lenient clock tolerance. */
  readonly maxTokenLifetimeSeconds: number;
  /** Tolerance verifiers apply to exp; a revoked jti is kept this long past its exp. */
  readonly clockToleranceSeconds: number;
  /** Revoked tokens kept per subject; older ones fold into the subject's not-before. Absent: no cap. */
  readonly tokensPerSubject?: number;
}

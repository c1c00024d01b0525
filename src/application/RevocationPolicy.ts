/** How long revocation entries must be kept. */
export interface RevocationPolicy {
  /** The longest a token can be accepted after its iat: token TTL plus the most lenient clock tolerance. */
  readonly maxTokenLifetimeSeconds: number;
  /** Tolerance verifiers apply to exp; a revoked jti is kept this long past its exp. */
  readonly clockToleranceSeconds: number;
}

/** Epoch seconds of a Date. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

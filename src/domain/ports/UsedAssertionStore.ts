/** The `jti` of every client assertion accepted, in the shared store until it expires: each is accepted once, on any instance. */
export interface UsedAssertionStore {
  /** Records the client's `jti` until `expiresAt` (epoch seconds); false when it was recorded before and has not expired by `now`. */
  useOnce(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean>;
}

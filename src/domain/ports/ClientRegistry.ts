/**
 * The clients that authenticate with a secret: AUTH_CLIENTS and the
 * confidential clients in the store. They may fetch the verification key,
 * read the revocation feed, and authenticate at the OAuth endpoints.
 */
export interface ClientRegistry {
  /** True when no client is registered (the original, unchecked behaviour). */
  isEmpty(): Promise<boolean>;
  /** Compares in constant time; false for any unknown pair. */
  verify(appId: string, appSecret: string): Promise<boolean>;
}

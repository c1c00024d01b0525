/** The client services allowed to fetch the verification key. */
export interface ClientRegistry {
  /** True when no client is registered (the original, unchecked behaviour). */
  isEmpty(): boolean;
  /** Compares in constant time; false for any unknown pair. */
  verify(appId: string, appSecret: string): boolean;
}

import type { OAuthClient } from '../model/OAuthClient';

/** Whose secret a right one is. */
export interface SecretOwner {
  /**
   * The stored confidential client it belongs to, as read with its digest (so
   * no second lookup is needed); null for an AUTH_CLIENTS entry.
   */
  readonly registration: OAuthClient | null;
}

/**
 * The clients that authenticate with a secret: AUTH_CLIENTS and the
 * confidential clients in the store. They may fetch the verification key,
 * read the revocation feed, and authenticate at the OAuth endpoints.
 */
export interface ClientRegistry {
  /** True when no client is registered (the original, unchecked behaviour). */
  isEmpty(): Promise<boolean>;
  /** Compares in constant time; null for any unknown pair (always, when the registry is empty), else whose secret it is. */
  verify(appId: string, appSecret: string): Promise<SecretOwner | null>;
}

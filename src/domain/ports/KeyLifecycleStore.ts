import type { KeySummary, ManagedSigningKey } from '../model/ManagedSigningKey';
import type { SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../model/SigningKeyPair';

/**
 * Rotation operations on the shared key store. Each method is one transaction,
 * and the database's unique indexes (one active, one next per method) make
 * instances that act at the same moment agree instead of duplicating keys.
 */
export interface KeyLifecycleStore {
  /** Every complete key, all states, oldest first, secrets decrypted; optionally of one method. */
  listKeys(method?: SignMethod): Promise<ManagedSigningKey[]>;
  /** Every key's metadata, oldest first, without touching secret material. */
  describeKeys(): Promise<KeySummary[]>;
  /** Adds `pair` as the method's next key unless one exists; true when this call added it. */
  insertNextIfAbsent(pair: SigningKeyPair, activateAt: Date): Promise<boolean>;
  /**
   * When the next key is due (activateAt ≤ now): the active key becomes retiring
   * until `retireActiveAt`, the next key becomes active. True when this call did it.
   */
  promoteDueNextKey(method: SignMethod, now: Date, retireActiveAt: Date): Promise<boolean>;
  /** Retiring keys whose retireAt has passed become retired; returns how many. */
  retireExpiredKeys(method: SignMethod, now: Date): Promise<number>;
  /**
   * Unpublishes a key at once. If it was the active key, the next key (if any)
   * becomes active immediately, else `emergency` is inserted as active.
   * Returns the revoked key, or null when no published key has that kid.
   */
  revoke(kid: string, now: Date, emergency: SigningKeyPair | null): Promise<KeySummary | null>;
}

import type { SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../model/SigningKeyPair';

/** A stored key row; either half may be missing in a damaged store. */
export interface StoredSigningKey extends Omit<SigningKeyPair, 'privateKey' | 'publicKey'> {
  readonly privateKey: string | null;
  readonly publicKey: string | null;
}

/** The persistent, shared store of signing keys (one active pair per sign method). */
export interface KeyStore {
  /** The active key of a method, complete or not; null when there is none. */
  findActive(method: SignMethod): Promise<StoredSigningKey | null>;
  /**
   * In one transaction: retire `replacedKid` if it is still the active key, then
   * insert `pair` as active unless another active key already exists. Never
   * overwrites a key; callers re-read with findActive to learn who won a race.
   */
  insertActiveIfAbsent(pair: SigningKeyPair, replacedKid: string | null): Promise<void>;
  /** Resolves when the store answers; rejects otherwise. */
  ping(): Promise<void>;
}

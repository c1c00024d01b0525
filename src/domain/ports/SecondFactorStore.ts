import type { SecondFactor } from '../model/SecondFactor';

/**
 * Users' confirmed second factors in the shared store, by user id. Each kind
 * keeps its own material behind its own port (TotpSecretStore, a passkey
 * store); this one lists and removes them all at once.
 */
export interface SecondFactorStore {
  /** The user's confirmed factors, oldest first. */
  listOf(userId: string): Promise<readonly SecondFactor[]>;
  /** The confirmed factors of each user named, by user id (users without one are absent). */
  listOfUsers(userIds: readonly string[]): Promise<ReadonlyMap<string, readonly SecondFactor[]>>;
  /** Removes one factor of the user; false when the user has no such factor. */
  remove(userId: string, factorId: string): Promise<boolean>;
  /** Removes every factor of the user, pending enrolments and recovery codes included; returns how many factors went. */
  removeAll(userId: string): Promise<number>;
}

import type { NewPasskey, Passkey } from '../model/Passkey';

/**
 * Users' passkeys in the shared store. They are second factors too
 * (SecondFactorStore lists and removes them with the rest); this port keeps
 * their WebAuthn material.
 */
export interface PasskeyStore {
  /** The user's passkeys, oldest first. */
  passkeysOf(userId: string): Promise<readonly Passkey[]>;
  /** The passkey with this credential id, whoever holds it; null when none. */
  findPasskey(credentialId: string): Promise<Passkey | null>;
  /** Stores a verified credential as a factor of the user; false when the credential id is taken already. */
  addPasskey(userId: string, factorId: string, passkey: NewPasskey, label: string, createdAt: Date): Promise<boolean>;
  /**
   * Moves the counter from `from` to `to` in one conditional write: false when
   * it is no longer `from` (another instance accepted an assertion meanwhile).
   */
  advanceCounter(credentialId: string, from: number, to: number): Promise<boolean>;
  /** Renames one passkey of the user; false when the user has no such passkey. */
  renamePasskey(userId: string, factorId: string, label: string): Promise<boolean>;
}

import type { VerificationKey } from '../model/VerificationKey';

/** Where a verifier finds the key for a token: the auth service's ring or a client's fetched keys. */
export interface VerificationKeySource {
  keyFor(kid: string | undefined): VerificationKey | undefined;
  hasAnyKey(): boolean;
  /**
   * Asked when a token carries an unknown kid: refetch the keys if allowed
   * (sources bound this to at most one fetch per cooldown, shared by all
   * callers) and say whether the kid is known now. Sources that cannot refetch
   * leave it out.
   */
  refreshForUnknownKid?(kid: string): Promise<boolean>;
  /**
   * Why no key is held although the key server answered: its key does not fit
   * the configured sign method (key confusion). Tokens are then invalid (401),
   * not "try later" (503). Null or absent otherwise.
   */
  keyRefused?(): string | null;
}

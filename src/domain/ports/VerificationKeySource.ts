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
}

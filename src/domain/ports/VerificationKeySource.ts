import type { VerificationKey } from '../model/VerificationKey';

/** Where a verifier finds the key for a token: the auth service's ring or a client's fetched keys. */
export interface VerificationKeySource {
  keyFor(kid: string | undefined): VerificationKey | undefined;
  hasAnyKey(): boolean;
}

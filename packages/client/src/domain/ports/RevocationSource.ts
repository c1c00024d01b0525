import type { RevocationList } from '../model/RevocationList';

/**
 * The revocations a verifier consults, already in memory. Synchronous like
 * TokenVerifier. Throws RevocationStaleError when the copy is too old to trust.
 */
export interface RevocationSource {
  revocations(): RevocationList;
}

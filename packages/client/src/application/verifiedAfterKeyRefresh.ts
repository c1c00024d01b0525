import { UnknownKeyIdError } from '../domain/errors';
import type { VerificationKeySource } from '../domain/ports/VerificationKeySource';

/**
 * Runs a token check; when the token names a kid not held (possibly published
 * since the keys were last loaded), lets the key source refetch (it bounds how
 * often) and checks once more, else the same error stands. Synchronous when no
 * refetch is needed, as the check itself is. Every way in uses it: the current
 * user (checkBearer) here, userinfo and token revocation at the auth service.
 */
export function verifiedAfterKeyRefresh<T>(check: () => T, keys: VerificationKeySource | undefined): T | Promise<T> {
  try {
    return check();
  } catch (error) {
    const refresh = keys?.refreshForUnknownKid?.bind(keys);
    if (!(error instanceof UnknownKeyIdError) || !refresh) throw error;
    return refresh(error.kid).then((known) => {
      if (!known) throw error;
      return check();
    });
  }
}

import { UnknownKeyIdError, type VerificationKeySource } from '@auth-service/client';

/**
 * Runs a token check; when the token names a kid not held, lets the key source
 * reload (it bounds how often) and checks once more, else the same error
 * stands. Synchronous when no reload is needed, as the check itself is.
 */
export function verifiedAfterKeyReload<T>(check: () => T, keys: VerificationKeySource | undefined): T | Promise<T> {
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

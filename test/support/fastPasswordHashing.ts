import type { Container } from 'inversify';
import { TYPES } from '../../src/interfaces/composition/types';
import { BoundedPasswordHasher } from '../../src/infrastructure/auth/BoundedPasswordHasher';
import { ScryptPasswordHasher } from '../../src/infrastructure/auth/ScryptPasswordHasher';
import type { AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';

/**
 * scrypt at N = 2^10 instead of the production 2^15: the same adapter and hash format, 32 times
 * cheaper. Tests about limits, names and revocation hash hundreds of passwords; what they check does
 * not depend on the cost (a stored hash carries its own parameters, so the service verifies it as is).
 */
export const FAST_SCRYPT_PARAMETERS = Object.freeze({ N: 2 ** 10, r: 8, p: 1, keyLength: 32, saltLength: 16 });

/**
 * A `configure` for buildAuthServer: the real bounded hasher, with the config's bounds, at the fast cost.
 * A container without a password hasher (a client service's) is left as it is.
 */
export function fastPasswordHashing(config: Pick<AuthServerConfig, 'hashConcurrency' | 'hashQueue'>): (container: Container) => void {
  return (container) => {
    if (!container.isBound(TYPES.PasswordHasher)) return;
    const hasher = new ScryptPasswordHasher(FAST_SCRYPT_PARAMETERS);
    container.rebind(TYPES.PasswordHasher).toConstantValue(new BoundedPasswordHasher(hasher, { concurrency: config.hashConcurrency, queue: config.hashQueue }));
  };
}

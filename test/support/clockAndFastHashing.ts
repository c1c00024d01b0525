import type { Container } from 'inversify';
import type { Clock } from '@auth-service/client';
import type { AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { TYPES } from '../../src/interfaces/composition/types';
import { fastPasswordHashing } from './fastPasswordHashing';

/**
 * A `configure` for buildAuthServer, the demo client and StoreCliBeside: the test's clock and the
 * fast password hashing, so every process of a test shares one time and hashes cheaply.
 */
export function clockAndFastHashing(config: Pick<AuthServerConfig, 'hashConcurrency' | 'hashQueue'>, clock: Clock): (container: Container) => void {
  const fastHashing = fastPasswordHashing(config);
  return (container) => {
    container.rebind(TYPES.Clock).toConstantValue(clock);
    fastHashing(container);
  };
}

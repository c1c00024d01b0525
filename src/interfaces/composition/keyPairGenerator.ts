import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { NodeKeyPairGenerator } from '../../infrastructure/crypto/NodeKeyPairGenerator';
import { PrefetchedKeyPairGenerator } from '../../infrastructure/crypto/PrefetchedKeyPairGenerator';
import { isNewSqliteFile } from '../../infrastructure/persistence/databaseUrl';

/**
 * The service's key pair generator. For a store known to be empty (a new
 * SQLite file) it starts generating the first key the moment it is made, so
 * that the key is ready, or nearly, when the empty store asks for one.
 */
export function keyPairGeneratorFor(config: Pick<AuthServerConfig, 'rsaBits' | 'databaseUrl' | 'signMethod' | 'signAlg'>): KeyPairGenerator {
  const generator = new NodeKeyPairGenerator(config.rsaBits);
  return isNewSqliteFile(config.databaseUrl) ? new PrefetchedKeyPairGenerator(generator, config.signMethod, config.signAlg) : generator;
}

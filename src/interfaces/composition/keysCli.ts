import 'reflect-metadata';
import type { Clock } from '@auth-service/client';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { EnsureSigningKeys } from '../../application/keys/EnsureSigningKeys';
import { RevokeSigningKey } from '../../application/keys/RevokeSigningKey';
import { RotateSigningKey } from '../../application/keys/RotateSigningKey';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { KeyStore } from '../../domain/ports/KeyStore';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { AesGcmKeyCipher, PlaintextKeyCipher } from '../../infrastructure/crypto/AesGcmKeyCipher';
import { TypeOrmKeyStore } from '../../infrastructure/persistence/TypeOrmKeyStore';
import { KEYS_USAGE, runKeysCommand, UsageError, type KeysCommandDeps } from '../cli/keysCommand';
import { rotationPolicyOf } from './modules/applicationModule';
import { runStoreCli, withStore } from './runStoreCli';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import { TYPES } from './types';

/** The use cases behind the command, on the service's own adapters and its rotation policy. */
export function keysCommandDeps(container: Container, dataSource: DataSource, config: Readonly<AuthServerConfig>): KeysCommandDeps {
  const lifecycle = container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore);
  const generator = container.get<KeyPairGenerator>(TYPES.KeyPairGenerator);
  const clock = container.get<Clock>(TYPES.Clock);
  const encryptionKey = config.keyEncryptionKey;
  return {
    keys: lifecycle,
    ensureSigningKeys: new EnsureSigningKeys(container.get<KeyStore>(TYPES.KeyStore), generator, container.get<KeyRing>(TYPES.KeyRing), clock),
    rotateSigningKey: new RotateSigningKey(lifecycle, generator, clock, rotationPolicyOf(config), container.get<AuditTrail>(TYPES.AuditTrail)),
    revokeSigningKey: new RevokeSigningKey(lifecycle, generator, clock, container.get<AuditTrail>(TYPES.AuditTrail)),
    encryptKeys: encryptionKey
      ? () => new TypeOrmKeyStore(dataSource, new AesGcmKeyCipher(Buffer.from(encryptionKey, 'base64'))).reencryptAll(new PlaintextKeyCipher())
      : null,
    signing: { method: config.signMethod, alg: config.signAlg },
  };
}

/** One keys command on the store of `config`, as `npm run keys` runs it: the text it prints; its error thrown. */
export function keysCommandOutput(config: Readonly<AuthServerConfig>, args: readonly string[]): Promise<string> {
  return withStore(config, (container, dataSource) => runKeysCommand(args, keysCommandDeps(container, dataSource, config)));
}

/**
 * `npm run keys -- …`: manages the signing keys in the service's store
 * (AUTH_DATABASE_URL) with the service's configuration; every instance picks
 * the change up at its next key sync (AUTH_KEY_SYNC_SECONDS).
 */
if (require.main === module) {
  const args = process.argv.slice(2);
  if (['--help', '-h', 'help'].includes(args[0])) {
    console.log(KEYS_USAGE);
  } else {
    runStoreCli('keys', async (container, dataSource, config) => {
      try {
        console.log(await runKeysCommand(args, keysCommandDeps(container, dataSource, config)));
        return 0;
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        console.error(error.message);
        return 2;
      }
    });
  }
}

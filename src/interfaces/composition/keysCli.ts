import 'reflect-metadata';
import type { Container } from 'inversify';
import type { EnsureSigningKeys } from '../../application/keys/EnsureSigningKeys';
import type { ListSigningKeys } from '../../application/keys/ListSigningKeys';
import type { RevokeSigningKey } from '../../application/keys/RevokeSigningKey';
import type { RotateSigningKey } from '../../application/keys/RotateSigningKey';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { KEYS_USAGE, runKeysCommand, UsageError, type KeysCommandDeps } from '../cli/keysCommand';
import { runStoreCli, withStore } from './runStoreCli';
import { TYPES } from './types';

/** The use cases behind the command: the admin API's, from the same composition (adminModule, applicationModule). */
export function keysCommandDeps(container: Container): KeysCommandDeps {
  const config = container.get<Readonly<AuthServerConfig>>(TYPES.Config);
  const listSigningKeys = container.get<ListSigningKeys>(TYPES.ListSigningKeys);
  return {
    keys: { describeKeys: () => listSigningKeys.execute() },
    ensureSigningKeys: container.get<EnsureSigningKeys>(TYPES.EnsureSigningKeys),
    rotateSigningKey: container.get<RotateSigningKey>(TYPES.RotateSigningKey),
    revokeSigningKey: container.get<RevokeSigningKey>(TYPES.RevokeSigningKey),
    // The one command only the CLI has: it re-reads every row in plaintext and writes it back encrypted.
    encryptKeys: container.get<{ encrypt: KeysCommandDeps['encryptKeys'] }>(TYPES.StoredKeyEncryption).encrypt,
    signing: { method: config.signMethod, alg: config.signAlg },
  };
}

/** One keys command on the store of `config`, as `npm run keys` runs it: the text it prints; its error thrown. */
export function keysCommandOutput(config: Readonly<AuthServerConfig>, args: readonly string[]): Promise<string> {
  return withStore(config, (container) => runKeysCommand(args, keysCommandDeps(container)));
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
    runStoreCli('keys', async (container) => {
      try {
        console.log(await runKeysCommand(args, keysCommandDeps(container)));
        return 0;
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        console.error(error.message);
        return 2;
      }
    });
  }
}

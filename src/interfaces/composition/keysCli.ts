import 'reflect-metadata';
import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { EnsureSigningKeys } from '../../application/keys/EnsureSigningKeys';
import type { RevokeSigningKey } from '../../application/keys/RevokeSigningKey';
import type { RotateSigningKey } from '../../application/keys/RotateSigningKey';
import type { KeySummary } from '../../domain/model/ManagedSigningKey';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import { loadAuthServerConfig, type AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { AesGcmKeyCipher, PlaintextKeyCipher } from '../../infrastructure/crypto/AesGcmKeyCipher';
import { openDatabase } from '../../infrastructure/persistence/createDataSource';
import { TypeOrmKeyStore } from '../../infrastructure/persistence/TypeOrmKeyStore';
import { applicationModule } from './modules/applicationModule';
import { infrastructureModule } from './modules/infrastructureModule';
import { TYPES } from './types';

const USAGE = `usage: npm run keys -- <command>
  list            every key: kid, method, alg, state and dates (never key material)
  rotate          publish a next key; it signs after AUTH_KEY_PUBLISH_AHEAD_SECONDS
  revoke <kid>    unpublish a key at once (a leaked key); a new key takes over if it was signing
  encrypt         encrypt plaintext private keys in place with AUTH_KEY_ENCRYPTION_KEY`;

/** Runs one key-management command against the store in AUTH_DATABASE_URL; returns the text to print. */
export async function runKeysCommand(config: Readonly<AuthServerConfig>, args: readonly string[]): Promise<string> {
  const container = new Container();
  container.load(infrastructureModule(config), applicationModule(config));
  const dataSource = await openDatabase(container.get<DataSource>(TYPES.DataSource));
  try {
    const [command, argument] = args;
    switch (command) {
      case 'list':
        return formatKeys(await container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore).describeKeys());
      case 'rotate': {
        // A store that has no key yet gets its first active key before any rotation.
        await container.get<EnsureSigningKeys>(TYPES.EnsureSigningKeys).execute({ method: config.signMethod, alg: config.signAlg });
        const result = await container.get<RotateSigningKey>(TYPES.RotateSigningKey).execute();
        const next = result.next ? `${result.next.kid}, signing from ${(result.next.activateAt ?? new Date()).toISOString()}` : 'none';
        return `${result.created ? 'next key published' : 'a next key already exists'}: ${next}`;
      }
      case 'revoke': {
        if (!argument) throw new UsageError('revoke needs a kid');
        const revoked = await container.get<RevokeSigningKey>(TYPES.RevokeSigningKey).execute({ kid: argument });
        return `revoked ${revoked.kid} (${revoked.method}, was signing or published); instances drop it at their next key sync`;
      }
      case 'encrypt': {
        if (!config.keyEncryptionKey) throw new UsageError('set AUTH_KEY_ENCRYPTION_KEY (Base64 of 32 bytes) first');
        const store = new TypeOrmKeyStore(dataSource, new AesGcmKeyCipher(Buffer.from(config.keyEncryptionKey, 'base64')));
        const changed = await store.reencryptAll(new PlaintextKeyCipher());
        return `encrypted ${changed} key(s); already encrypted keys were left as they were`;
      }
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    await dataSource.destroy();
  }
}

export class UsageError extends Error {}

function formatKeys(keys: readonly KeySummary[]): string {
  if (keys.length === 0) return 'no keys';
  // ISO 8601 in UTC, like every time an operator reads (health, logs, users CLI).
  const date = (value: Date | null) => (value ? value.toISOString() : '-');
  const rows = keys.map((key) => [
    key.kid,
    key.method,
    key.alg,
    key.state,
    date(key.createdAt),
    date(key.activatedAt ?? key.activateAt),
    date(key.retiredAt ?? key.retireAt),
  ]);
  const header = ['kid', 'method', 'alg', 'state', 'created', 'signs from', 'retires'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  return [header, ...rows].map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

if (require.main === module) {
  (async () => {
    const [command] = process.argv.slice(2);
    if (command === '--help' || command === '-h' || command === 'help') {
      console.log(USAGE);
      return;
    }
    // This tool never logs anyone in: naming a user store keeps NODE_ENV=production from refusing it.
    const config = loadAuthServerConfig({ LOG_LEVEL: 'warn', AUTH_USER_STORE: 'database', ...process.env });
    console.log(await runKeysCommand(config, process.argv.slice(2)));
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}

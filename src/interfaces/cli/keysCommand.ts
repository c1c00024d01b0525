import type { EnsureSigningKeys } from '../../application/keys/EnsureSigningKeys';
import type { RevokeSigningKey } from '../../application/keys/RevokeSigningKey';
import type { RotateSigningKey } from '../../application/keys/RotateSigningKey';
import type { KeySummary } from '../../domain/model/ManagedSigningKey';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import type { SignMethod } from '@auth-service/client';

export const KEYS_USAGE = `usage: npm run keys -- <command>
  list            every key: kid, method, alg, state and dates (never key material)
  rotate          publish a next key; it signs after AUTH_KEY_PUBLISH_AHEAD_SECONDS
  revoke <kid>    unpublish a key at once (a leaked key); a new key takes over if it was signing
  encrypt         encrypt plaintext private keys and TOTP secrets in place with AUTH_KEY_ENCRYPTION_KEY`;

export interface KeysCommandDeps {
  readonly keys: Pick<KeyLifecycleStore, 'describeKeys'>;
  readonly ensureSigningKeys: Pick<EnsureSigningKeys, 'execute'>;
  readonly rotateSigningKey: Pick<RotateSigningKey, 'execute'>;
  readonly revokeSigningKey: Pick<RevokeSigningKey, 'execute'>;
  /** Encrypts the plaintext private keys and TOTP secrets in place (how many of each); null while AUTH_KEY_ENCRYPTION_KEY is not set. */
  readonly encryptKeys: (() => Promise<{ readonly keys: number; readonly totpSecrets: number }>) | null;
  /** The configured signing method and algorithm: a store without a key gets its first one before a rotation. */
  readonly signing: { readonly method: SignMethod; readonly alg: string };
}

/** A mistake in the command line itself (exit 2, with the usage). */
export class UsageError extends Error {}

/** Runs one key-management command; resolves the text to print, throws UsageError or the use case's error. */
export async function runKeysCommand(args: readonly string[], deps: KeysCommandDeps): Promise<string> {
  const [command, argument] = args;
  switch (command) {
    case 'list':
      return formatKeys(await deps.keys.describeKeys());
    case 'rotate': {
      // A store that has no key yet gets its first active key before any rotation.
      await deps.ensureSigningKeys.execute(deps.signing);
      const result = await deps.rotateSigningKey.execute();
      const next = result.next ? `${result.next.kid}, signing from ${(result.next.activateAt ?? new Date()).toISOString()}` : 'none';
      return `${result.created ? 'next key published' : 'a next key already exists'}: ${next}`;
    }
    case 'revoke': {
      if (!argument) throw new UsageError('revoke needs a kid');
      const revoked = await deps.revokeSigningKey.execute({ kid: argument });
      return `revoked ${revoked.kid} (${revoked.method}, was signing or published); instances drop it at their next key sync`;
    }
    case 'encrypt': {
      if (deps.encryptKeys === null) throw new UsageError('set AUTH_KEY_ENCRYPTION_KEY (Base64 of 32 bytes) first');
      const { keys, totpSecrets } = await deps.encryptKeys();
      return `encrypted ${keys} key(s) and ${totpSecrets} TOTP secret(s); already encrypted ones were left as they were`;
    }
    default:
      throw new UsageError(KEYS_USAGE);
  }
}

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

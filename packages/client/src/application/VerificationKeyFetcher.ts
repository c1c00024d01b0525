import { KeyFetchError, KeyMaterialInvalidError } from '../domain/errors';
import type { SignMethod } from '../domain/model/SignMethod';
import type { VerificationKey } from '../domain/model/VerificationKey';
import type { JsonWebKeySetSource } from '../domain/ports/JsonWebKeySetSource';
import type { PublicKeySource } from '../domain/ports/PublicKeySource';
import type { VerificationKeyListSource } from '../domain/ports/VerificationKeyListSource';
import type { VerificationKeyReader } from '../domain/ports/VerificationKeyReader';
import type { VerificationKeySet } from './VerificationKeySet';

/** Where a client's keys come from, in the order they are asked. */
export interface VerificationKeyOrigins {
  /** The seed's one-key endpoint: the last resort, always present. */
  readonly seed: PublicKeySource;
  /** The published JWKS (rsa, ecdsa); absent when the client does not follow it. */
  readonly keySets?: JsonWebKeySetSource;
  /** The authenticated key list: how an hmac client learns every secret that still verifies. */
  readonly keyLists?: VerificationKeyListSource;
}

/**
 * One fetch of the keys: the JWKS when published (rsa, ecdsa), else for hmac
 * the authenticated key list, else the one-key endpoint. Answers the next key set
 * (the same object when nothing changed) or `refused` for `success: false`;
 * throws KeyMaterialInvalidError for keys this client must not use and
 * KeyFetchError when there is no usable answer.
 */
export class VerificationKeyFetcher {
  /** The last set or list as served, to skip re-importing an unchanged answer. */
  private lastText: string | null = null;

  constructor(
    private readonly origins: VerificationKeyOrigins,
    private readonly reader: VerificationKeyReader,
    private readonly method: SignMethod,
    private readonly algorithms: readonly string[],
  ) {}

  async fetch(current: VerificationKeySet): Promise<VerificationKeySet | 'refused'> {
    return (await this.fromKeySet(current)) ?? (await this.fromKeyList(current)) ?? this.fromSeed(current);
  }

  /** The published set, or null when there is none to use. */
  private async fromKeySet(current: VerificationKeySet): Promise<VerificationKeySet | null> {
    if (!this.origins.keySets) return null;
    const response = await this.origins.keySets.fetchKeySet();
    if (!response.published) return null;
    if (this.method === 'hmac' && response.keys.length > 0) {
      // An hmac auth service publishes no public keys: this one signs with rsa or ecdsa.
      const types = [...new Set(response.keys.map((jwk) => String(jwk.kty)))].join(', ');
      throw new KeyMaterialInvalidError(`the auth service publishes public keys (${types}): it does not sign with hmac (check AUTH_SIGN_METHOD)`);
    }
    const text = JSON.stringify(response.keys);
    if (current.origin === 'jwks' && text === this.lastText) return current;
    const keys: VerificationKey[] = [];
    for (const jwk of response.keys) {
      try {
        keys.push(this.reader.readJwk(jwk, this.method, this.algorithms));
      } catch (error) {
        // Keys of other types may share the set; only an entirely unusable set falls back.
        if (!(error instanceof KeyMaterialInvalidError)) throw error;
      }
    }
    if (keys.length === 0) return null;
    this.lastText = text;
    return current.withSet(keys, 'jwks');
  }

  /** For hmac: every secret that still verifies, by kid; null from an auth service without the list. */
  private async fromKeyList(current: VerificationKeySet): Promise<VerificationKeySet | 'refused' | null> {
    if (!this.origins.keyLists || this.method !== 'hmac') return null;
    const response = await this.origins.keyLists.fetchKeys();
    if (!response.served) return null;
    if (!response.success) return 'refused';
    if (response.keys.length === 0) throw new KeyFetchError('the key list answered success without a key');
    const text = JSON.stringify(response.keys);
    if (current.origin === 'list' && text === this.lastText) return current;
    // One key of the wrong type refuses the whole list: it means key confusion, not a mixed set.
    const keys = response.keys.map((entry) => this.reader.read(entry.key, this.method, this.algorithms, { kid: entry.kid, alg: entry.alg }));
    this.lastText = text;
    return current.withSet(keys, 'list');
  }

  private async fromSeed(current: VerificationKeySet): Promise<VerificationKeySet | 'refused'> {
    const response = await this.origins.seed.fetch();
    if (!response.success) return 'refused';
    if (typeof response.data !== 'string' || response.data.trim() === '') {
      throw new KeyFetchError('the key endpoint answered success without a key');
    }
    // Stryker disable next-line OptionalChaining: equivalent, a set from the one-key endpoint always has its key as primary
    if (current.origin === 'key' && current.primary?.material === response.data) return current;
    // Parsed once here, so a key that cannot verify anything never replaces a good one.
    return current.withSeedKey(this.reader.read(response.data, this.method, this.algorithms));
  }
}

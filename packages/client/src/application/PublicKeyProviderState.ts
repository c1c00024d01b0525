import type { SignMethod } from '../domain/model/SignMethod';

/**
 * What one fetch did: `replaced` new keys are held; `unchanged` the same keys
 * came back; `refused` the endpoint answered `success: false`; `rejected` it sent
 * key text that cannot verify our tokens; `failed` there was no usable answer.
 * Only `replaced` changes the keys.
 */
export type RefreshOutcome = 'replaced' | 'unchanged' | 'refused' | 'rejected' | 'failed';

export interface RefreshResult {
  readonly outcome: RefreshOutcome;
  /** The kid held after the fetch (the key for tokens without kid; null while none). */
  readonly kid: string | null;
}

/** A snapshot for health checks and operators; never contains key material. */
export interface PublicKeyProviderState {
  readonly hasKey: boolean;
  /** Set while no key is held because the auth service's key does not fit this client's sign method. */
  readonly keyRefused: string | null;
  /** The `iss` tokens must carry: configured or learned; null while unknown (every token is then refused). */
  readonly issuer: string | null;
  readonly kid: string | null;
  /** Every kid held: the published set, or the one-key endpoint's one key. */
  readonly kids: readonly string[];
  /** Where the keys came from: the JWKS, the authenticated key list (hmac), or the one-key endpoint. */
  readonly source: 'jwks' | 'list' | 'key' | null;
  /** True when the last good answer is older than maxStaleSeconds: the keys are no longer used. */
  readonly stale: boolean;
  readonly method: SignMethod;
  readonly algorithms: readonly string[];
  readonly lastSuccessAt: Date | null;
  readonly lastAttemptAt: Date | null;
  readonly lastOutcome: RefreshOutcome | null;
  readonly lastError: string | null;
  readonly lastErrorAt: Date | null;
  readonly nextRefreshAt: Date | null;
  readonly unknownKidRefetches: number;
}

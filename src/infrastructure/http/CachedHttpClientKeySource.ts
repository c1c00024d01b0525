import { clientJwksOf, type PublicJwk } from '../../domain/model/ClientJwks';
import type { ClientKeySource } from '../../domain/ports/ClientKeySource';

export interface CachedHttpClientKeySourceOptions {
  /** Give up on a fetch after this long. */
  readonly timeoutMs: number;
  /** Largest JWKS document read; a longer one is refused. */
  readonly maxBytes: number;
  /** How long a fetched set is used without asking again. */
  readonly maxAgeMs: number;
  /** Least time between two fetches of one URI, so assertions naming unknown kids cannot make us hammer it. */
  readonly cooldownMs: number;
}

export const CLIENT_KEY_FETCH: CachedHttpClientKeySourceOptions = { timeoutMs: 3000, maxBytes: 64 * 1024, maxAgeMs: 300_000, cooldownMs: 30_000 };

interface Cached {
  readonly keys: readonly PublicJwk[];
  readonly fetchedAt: number;
}

/**
 * ClientKeySource with node's fetch, a per-process cache (jose's `createRemoteJWKSet`: max age, cooldown, one
 * shared in-flight fetch per URI): `GET` the client's `jwks_uri`, no redirects, a timeout, a size cap, and the
 * document checked as a registered one is (public keys only). A failed fetch throws; the cached set stays.
 */
export class CachedHttpClientKeySource implements ClientKeySource {
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<readonly PublicJwk[]>>();

  constructor(
    private readonly options: CachedHttpClientKeySourceOptions = CLIENT_KEY_FETCH,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async keysAt(uri: string, fresh: boolean): Promise<readonly PublicJwk[]> {
    const cached = this.cache.get(uri);
    const age = cached === undefined ? Infinity : this.now() - cached.fetchedAt;
    if (cached !== undefined && (fresh ? age < this.options.cooldownMs : age < this.options.maxAgeMs)) return cached.keys;
    let fetching = this.inFlight.get(uri);
    if (fetching === undefined) {
      fetching = this.fetchKeys(uri).finally(() => this.inFlight.delete(uri));
      this.inFlight.set(uri, fetching);
    }
    return fetching;
  }

  private async fetchKeys(uri: string): Promise<readonly PublicJwk[]> {
    const response = await fetch(uri, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(this.options.timeoutMs) });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`the JWKS URI answered HTTP ${response.status}`);
    }
    const keys = clientJwksOf(JSON.parse(await this.boundedText(response)) as unknown);
    this.cache.set(uri, { keys, fetchedAt: this.now() });
    return keys;
  }

  private async boundedText(response: Response): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).byteLength;
      if (size > this.options.maxBytes) throw new Error(`the JWKS is larger than ${this.options.maxBytes} bytes`);
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

import type { KeyRing } from '../../domain/model/KeyRing';
import type { PublicJwk, PublicJwkExporter } from '../../domain/ports/PublicJwkExporter';

export interface GetJsonWebKeySetResult {
  readonly keys: readonly PublicJwk[];
}

/** The published keys (next, active, retiring) as an RFC 7517 set; empty for HMAC. */
export class GetJsonWebKeySet {
  constructor(
    private readonly ring: KeyRing,
    private readonly exporter: PublicJwkExporter,
  ) {}

  execute(): GetJsonWebKeySetResult {
    const keys: PublicJwk[] = [];
    for (const key of this.ring.publishedKeys()) {
      const jwk = this.exporter.toPublicJwk(key);
      if (jwk) keys.push(jwk);
    }
    return { keys };
  }
}

import type { PublicJwk } from '../model/ClientJwks';

/** The keys a client publishes at its `jwks_uri` (private_key_jwt), as a cache in front of the client's server. */
export interface ClientKeySource {
  /**
   * The keys at `uri`, from the cache unless `fresh` (one refetch when an assertion names a kid the cache lacks,
   * never more often than the adapter's cooldown). Throws when they cannot be fetched or are no public JWKS.
   */
  keysAt(uri: string, fresh: boolean): Promise<readonly PublicJwk[]>;
}

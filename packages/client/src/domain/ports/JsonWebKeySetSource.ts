/** What the auth service's JWKS endpoint answered. */
export type JsonWebKeySetResponse =
  /** A key set was served (possibly empty, e.g. with hmac). */
  | { readonly published: true; readonly keys: readonly Readonly<Record<string, unknown>>[] }
  /** The server answered but publishes no key set (an older auth service: 404, not JSON, not a set). */
  | { readonly published: false };

/**
 * The auth service's published keys (RFC 7517). Rejects with KeyFetchError when
 * the server cannot be asked (refused, timeout, 5xx): then the seed endpoint is
 * not worth trying either.
 */
export interface JsonWebKeySetSource {
  fetchKeySet(): Promise<JsonWebKeySetResponse>;
}

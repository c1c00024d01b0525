/** What the auth service's key endpoint answered: the envelope's `success` and `data`. */
export interface PublicKeyResponse {
  readonly success: boolean;
  /** The key text when `success` is true (Base64 SPKI DER, PEM, or a Base64 HMAC secret). */
  readonly data: string | null;
}

/**
 * Where a client service gets the key it verifies tokens with.
 * Rejects with KeyFetchError when there is no usable answer (refused, timeout,
 * 5xx, not JSON); an answer with `success: false` is an answer, not an error.
 */
export interface PublicKeySource {
  fetch(): Promise<PublicKeyResponse>;
}

/**
 * Server-provided DPoP nonces (RFC 9449 §8): issued by any instance and accepted by every one, without a
 * store round trip per request (an HMAC of a time window under a key in the shared store).
 */
export interface DpopNonces {
  /** The nonce a client should use now. */
  current(): string;
  /** Whether `nonce` is one this service issued recently enough. */
  accepts(nonce: string): boolean;
}

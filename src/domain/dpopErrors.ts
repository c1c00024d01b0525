import { DomainError } from './errors';

/**
 * A DPoP proof (RFC 9449 §4.3) that is missing where required, malformed, signed wrongly, for another request,
 * too old or replayed: `invalid_dpop_proof`. `detail` says which for the log and is never sent.
 */
export class InvalidDpopProofError extends DomainError {
  readonly code = 'INVALID_DPOP_PROOF';
  constructor(readonly detail: string) {
    super('the DPoP proof is invalid');
  }
}

/** RFC 9449 §8: the proof must carry a nonce this service issued, and `nonce` is the one to use now (sent as `DPoP-Nonce`). */
export class UseDpopNonceError extends DomainError {
  readonly code = 'USE_DPOP_NONCE';
  constructor(readonly nonce: string) {
    super('the DPoP proof must carry the server nonce');
  }
}

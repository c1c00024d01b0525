import type { Clock } from '@auth-service/client';
import { InvalidDpopProofError, UseDpopNonceError } from '../../domain/dpopErrors';
import { checkedProofClaims, checkedProofHeader, DPOP_PROOF_MAX_AGE_SECONDS, type DpopRequest } from '../../domain/model/DpopProof';
import { epochSeconds } from '../../domain/model/epochSeconds';
import { thumbprintInput } from '../../domain/model/jwkThumbprint';
import type { DpopNonces } from '../../domain/ports/DpopNonces';
import type { DpopProofCrypto } from '../../domain/ports/DpopProofCrypto';
import type { DpopProofReplays } from '../../domain/ports/DpopProofReplays';

/** A proof far longer than any key and claims make is not read at all. */
export const MAX_DPOP_PROOF_LENGTH = 8 * 1024;

export interface CheckDpopProofInput extends DpopRequest {
  /** The `DPoP` header as sent (one value). */
  readonly proof: string;
}

/** The proof's key as the token is bound to it: its RFC 7638 thumbprint (`cnf.jkt`). */
export type CheckDpopProofResult = string;

/** `required`: every proof must carry a nonce this service issued (AUTH_DPOP_NONCE=required). */
export type DpopNoncePolicy = 'required' | 'off';

/**
 * RFC 9449 §4.3, check by check: a compact JWS, its header (`typ`, pinned `alg`, a public `jwk` of that
 * algorithm), its signature by that key, its claims for this request (`htm`, `htu`, `iat` window, `ath`),
 * a server nonce when the policy asks for one (UseDpopNonceError naming the current one), and its `jti`
 * unseen for this key on every instance, remembered for the window. Every other refusal is InvalidDpopProofError.
 */
export class CheckDpopProof {
  constructor(
    private readonly crypto: DpopProofCrypto,
    private readonly replays: DpopProofReplays,
    private readonly nonces: DpopNonces,
    private readonly clock: Clock,
    private readonly noncePolicy: DpopNoncePolicy,
  ) {}

  async execute(input: CheckDpopProofInput): Promise<CheckDpopProofResult> {
    if (input.proof.length > MAX_DPOP_PROOF_LENGTH) throw new InvalidDpopProofError('proof too long');
    const decoded = this.crypto.decode(input.proof);
    if (decoded === null) throw new InvalidDpopProofError('not a compact JWS');
    const { alg, jwk } = checkedProofHeader(decoded.header);
    if (!this.crypto.verify(decoded, alg, jwk)) throw new InvalidDpopProofError('signature does not verify');
    const now = epochSeconds(this.clock.now());
    const { jti, iat } = checkedProofClaims(decoded.claims, input, now, (token) => this.crypto.sha256(token));
    if (this.noncePolicy === 'required') {
      const nonce = decoded.claims.nonce;
      if (typeof nonce !== 'string' || !this.nonces.accepts(nonce)) throw new UseDpopNonceError(this.nonces.current());
    }
    // The header check admitted only key types with a thumbprint.
    const jkt = this.crypto.sha256(thumbprintInput(jwk) as string);
    if (!(await this.replays.firstUse(jkt, jti, iat + DPOP_PROOF_MAX_AGE_SECONDS, now))) throw new InvalidDpopProofError('jti replayed');
    return jkt;
  }

  /** The nonce to announce in `DPoP-Nonce` beside an answer; null when none is asked for. */
  nonceToAnnounce(): string | null {
    return this.noncePolicy === 'required' ? this.nonces.current() : null;
  }
}

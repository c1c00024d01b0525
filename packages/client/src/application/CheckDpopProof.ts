import { DpopProofInvalidError } from '../domain/errors';
import { DPOP_PROOF_WINDOW_SECONDS, dpopProofProblem, singleProof, type DpopRequest } from '../domain/model/DpopProof';
import type { Clock } from '../domain/ports/Clock';
import type { DpopProofReader } from '../domain/ports/DpopProofReader';
import type { ProofReplayCache } from '../domain/ports/ProofReplayCache';

export interface CheckDpopProofInput {
  /** The thumbprint the verified token is bound to (`cnf.jkt`). */
  readonly jkt: string;
  /** The access token as presented. */
  readonly token: string;
  /** The request; without it no proof can be checked, so the token is refused. */
  readonly request: DpopRequest | undefined;
}

/**
 * The proof of possession a DPoP-bound token is accepted with (RFC 9449 §4.3, §7.1): one proof, signed by
 * the token's key, for this method, URL and token, issued within the window, and never used before.
 * Throws DpopProofInvalidError naming the first check that failed.
 */
export class CheckDpopProof {
  constructor(
    private readonly reader: DpopProofReader,
    private readonly replays: ProofReplayCache,
    private readonly clock: Clock,
  ) {}

  execute(input: CheckDpopProofInput): void {
    const request = input.request;
    if (request === undefined) throw new DpopProofInvalidError('no request to check a DPoP proof against');
    const single = singleProof(request.dpop);
    if (typeof single !== 'string') throw new DpopProofInvalidError(single.problem);
    const proof = this.reader.read(single);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const problem = dpopProofProblem(proof, { jkt: input.jkt, method: request.method, url: request.url, ath: this.reader.accessTokenHash(input.token), now });
    if (problem !== null) throw new DpopProofInvalidError(problem);
    // Last, so only a proof that passed every other check takes a place in the cache.
    const { iat, jti } = proof.claims as { iat: number; jti: string };
    if (!this.replays.firstUse(`${input.jkt} ${jti}`, iat + DPOP_PROOF_WINDOW_SECONDS, now)) throw new DpopProofInvalidError('the proof was used before (jti)');
  }
}

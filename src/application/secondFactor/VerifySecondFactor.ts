import type { Clock } from '@auth-service/client';
import { TooManyLoginAttemptsError } from '../../domain/errors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { proofMethodOf } from '../../domain/model/ProofMethod';
import type { SecondFactorMethod, SecondFactorProof } from '../../domain/model/SecondFactor';
import type { PlannedAttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import { InvalidSecondFactorError } from '../../domain/secondFactorErrors';
import { secondFactorAttemptPlan } from '../login/loginAttemptPlan';
import type { ProofCheck } from './ProofCheck';

export interface VerifySecondFactorInput {
  /** The user the password (or the sign-in session) vouched for. */
  readonly user: AuthenticatedUser;
  readonly proof: SecondFactorProof;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
}

/**
 * Checks a second-factor proof of a user (a TOTP or recovery code; a passkey
 * assertion through its own ProofCheck) under the account's login limits:
 * counted before any check against the address and the account (a
 * remembered address spends the account's allowance too here), so guessing
 * codes is as slow as guessing passwords, shared by every instance. Over the limit nothing is checked: the right code gets the same
 * refusal as a wrong one. A wrong proof stays counted; an accepted one is
 * given back. Answers the RFC 8176 method the proof adds to `pwd`. The trail
 * names the proof's kind (`totp`, `recovery_code`, `passkey`), never the code.
 */
export class VerifySecondFactor {
  constructor(
    private readonly checks: readonly ProofCheck[],
    private readonly attempts: PlannedAttemptLimiter,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: VerifySecondFactorInput): Promise<SecondFactorMethod> {
    const attempt = await this.attempts.attempt(secondFactorAttemptPlan(input.user.account, input.address));
    if (attempt.retryAfterSeconds !== null) {
      this.recordFailure(input, 'limited');
      throw new TooManyLoginAttemptsError(attempt.retryAfterSeconds);
    }
    let method: SecondFactorMethod | null;
    try {
      method = await this.firstAccepting(input);
    } catch (error) {
      // A store outage is not the client's guess.
      await attempt.settle({ giveBack: attempt.counted, remember: false });
      throw error;
    }
    if (method === null) {
      this.recordFailure(input, 'wrong_proof');
      throw new InvalidSecondFactorError(`no factor of the user accepted the ${input.proof.kind}`);
    }
    await attempt.settle({ giveBack: attempt.counted, remember: false });
    this.trail.record({ type: 'second_factor.succeeded', outcome: 'success', account: input.user.account, details: { subject: input.user.id, ...methodOf(input.proof), amr: method } });
    return method;
  }

  /** A refused proof, with why (the answer never says); never the code or the assertion. */
  private recordFailure(input: VerifySecondFactorInput, reason: 'limited' | 'wrong_proof'): void {
    this.trail.record({ type: 'second_factor.failed', outcome: 'failure', account: input.user.account, details: { subject: input.user.id, ...methodOf(input.proof), reason } });
  }

  private async firstAccepting(input: VerifySecondFactorInput): Promise<SecondFactorMethod | null> {
    const at = this.clock.now();
    for (const check of this.checks) {
      const method = await check.check(input.user, input.proof, at);
      if (method !== null) return method;
    }
    return null;
  }
}

/** The proof's kind for the trail; nothing for a code of no known shape. */
function methodOf(proof: SecondFactorProof): { method?: string } {
  const method = proofMethodOf(proof);
  return method === null ? {} : { method };
}

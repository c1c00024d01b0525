import type { Clock } from '@auth-service/client';
import { InvalidCredentialsError, TooManyLoginAttemptsError } from '../../domain/errors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { passkeyAloneAuthentication, type Authentication } from '../../domain/model/AuthenticationLevel';
import { passkeyMethod } from '../../domain/model/Passkey';
import { authenticatedUserOf } from '../../domain/model/UserAccount';
import type { PlannedAttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { PasskeyAssertion, PasskeyAssertionCheck } from './PasskeyAssertionCheck';

export interface SignInWithPasskeyInput {
  readonly assertion: PasskeyAssertion;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
  /** The OAuth client the user signs in to, for the audit trail. */
  readonly client?: string;
}

export interface SignInWithPasskeyResult {
  readonly user: AuthenticatedUser;
  readonly authentication: Authentication;
}

/** Why a passkey sign-in was refused, for the trail only: the answer is the same for each. */
type Refusal = { readonly reason: 'wrong_passkey' } | { readonly reason: 'unknown_account' | 'disabled'; readonly account: string | null };

/**
 * A passkey alone, no password (a discoverable credential, the user verified
 * by the authenticator): the passkey names its user, who must still be active.
 * Every try counts against the address under the login limits before it is
 * checked; a failure stays counted and answers as a wrong password does
 * (InvalidCredentialsError), a success is given back. Each success and
 * refusal is recorded (`login.succeeded` / `login.failed`, `method: passkey`)
 * with its reason, which the answer never tells.
 */
export class SignInWithPasskey {
  constructor(
    private readonly assertions: Pick<PasskeyAssertionCheck, 'check'>,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly attempts: PlannedAttemptLimiter,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: SignInWithPasskeyInput): Promise<SignInWithPasskeyResult> {
    const keys = input.address === undefined ? [] : [`address:${input.address}`];
    const attempt = await this.attempts.attempt({ subject: 'passkey', otherwise: keys });
    if (attempt.retryAfterSeconds !== null) {
      this.refused(input, null, 'limited');
      throw new TooManyLoginAttemptsError(attempt.retryAfterSeconds);
    }
    let result: SignInWithPasskeyResult | Refusal;
    try {
      result = await this.signIn(input.assertion);
    } catch (error) {
      // A store outage is not the client's guess.
      await attempt.settle({ giveBack: attempt.counted, remember: false });
      throw error;
    }
    if ('reason' in result) {
      this.refused(input, 'account' in result ? result.account : null, result.reason);
      throw new InvalidCredentialsError(result.reason === 'wrong_passkey' ? null : result.reason);
    }
    await attempt.settle({ giveBack: attempt.counted, remember: false });
    this.trail.record({ type: 'login.succeeded', outcome: 'success', account: result.user.account, ...whereFrom(input), details: { subject: result.user.id, method: 'passkey' } });
    return result;
  }

  private async signIn(assertion: PasskeyAssertion): Promise<SignInWithPasskeyResult | Refusal> {
    const passkey = await this.assertions.check(assertion, this.clock.now(), { requireUserVerified: true });
    if (passkey === null) return { reason: 'wrong_passkey' };
    const account = await this.users.findById(passkey.userId);
    if (account === null) return { reason: 'unknown_account', account: null };
    if (account.status !== 'active') return { reason: 'disabled', account: account.account };
    return { user: authenticatedUserOf(account), authentication: passkeyAloneAuthentication(passkeyMethod(passkey)) };
  }

  private refused(input: SignInWithPasskeyInput, account: string | null, reason: string): void {
    this.trail.record({ type: 'login.failed', outcome: 'failure', account, ...whereFrom(input), details: { reason, method: 'passkey' } });
  }
}

/** The client and address the caller gave, for the trail. */
function whereFrom(input: SignInWithPasskeyInput): { client: string | null; address?: string } {
  return { client: input.client ?? null, ...(input.address === undefined ? {} : { address: input.address }) };
}

import type { Clock } from '@auth-service/client';
import { InvalidCredentialsError, TooManyLoginAttemptsError } from '../../domain/errors';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { authenticationOf, type Authentication } from '../../domain/model/AuthenticationLevel';
import { passkeyMethod } from '../../domain/model/Passkey';
import { authenticatedUserOf } from '../../domain/model/UserAccount';
import type { PlannedAttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { PasskeyAssertion, PasskeyAssertionCheck } from './PasskeyAssertionCheck';

export interface SignInWithPasskeyInput {
  readonly assertion: PasskeyAssertion;
  /** The client's address as the HTTP layer sees it; absent when unknown. */
  readonly address?: string;
}

export interface SignInWithPasskeyResult {
  readonly user: AuthenticatedUser;
  readonly authentication: Authentication;
}

/**
 * A passkey alone, no password (a discoverable credential, the user verified
 * by the authenticator): the passkey names its user, who must still be active.
 * Every try counts against the address under the login limits before it is
 * checked; a failure stays counted and answers as a wrong password does
 * (InvalidCredentialsError), a success is given back.
 */
export class SignInWithPasskey {
  constructor(
    private readonly assertions: Pick<PasskeyAssertionCheck, 'check'>,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly attempts: PlannedAttemptLimiter,
    private readonly clock: Clock,
  ) {}

  async execute(input: SignInWithPasskeyInput): Promise<SignInWithPasskeyResult> {
    const keys = input.address === undefined ? [] : [`address:${input.address}`];
    const attempt = await this.attempts.attempt({ subject: 'passkey', otherwise: keys });
    if (attempt.retryAfterSeconds !== null) throw new TooManyLoginAttemptsError(attempt.retryAfterSeconds);
    let result: SignInWithPasskeyResult | null;
    try {
      result = await this.signIn(input.assertion);
    } catch (error) {
      // A store outage is not the client's guess.
      await attempt.settle({ giveBack: attempt.counted, remember: false });
      throw error;
    }
    if (result === null) throw new InvalidCredentialsError();
    await attempt.settle({ giveBack: attempt.counted, remember: false });
    return result;
  }

  private async signIn(assertion: PasskeyAssertion): Promise<SignInWithPasskeyResult | null> {
    const passkey = await this.assertions.check(assertion, this.clock.now(), { requireUserVerified: true });
    if (passkey === null) return null;
    const account = await this.users.findById(passkey.userId);
    if (account === null || account.status !== 'active') return null;
    return { user: authenticatedUserOf(account), authentication: authenticationOf([passkeyMethod(passkey)]) };
  }
}

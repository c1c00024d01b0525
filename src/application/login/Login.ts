import { accessTokenInfo, type AccessTokenInfo } from '../../domain/model/AccessTokenInfo';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { InvalidCredentialsError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '../../domain/errors';
import type { PlannedAttemptLimiter } from '../../domain/ports/AttemptLimiter';
import { accountSubject, loginAttemptPlan } from './loginAttemptPlan';
import type { LoginCapacity } from '../../domain/ports/LoginCapacity';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { UserAuthenticator } from '../../domain/ports/UserAuthenticator';
import type { SecondFactorGate } from '../secondFactor/SecondFactorGate';

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
  /** A TOTP or recovery code, for a user with a second factor (SecondFactorGate). */
  readonly otp?: string;
  /** The client's address as the HTTP layer sees it (behind a proxy: per AUTH_TRUST_PROXY); absent when unknown. */
  readonly address?: string;
}

export type LoginResult = AccessTokenInfo;

/**
 * Authenticates a user and issues an access token signed with the active key.
 * Brute-force protection is part of the use case, counted before anything
 * costly, in one store round trip: an attempt counts against the client
 * address and then the account (a refused address does not count against the
 * account). The address stays counted even when the process's hashing
 * capacity then turns the attempt away (busy), so a flood spends its own
 * allowance rather than everyone's capacity, and one address holds at most a
 * fair share of that capacity; the account gets that attempt back. A success
 * (or a failure other than a wrong guess) is given back. Over either limit
 * the password is not evaluated: the right one gets the same refusal as a
 * wrong one. An address that recently logged in to the account is remembered
 * and spends an allowance of its own for it instead, so guessing cannot lock
 * its owner out. A user with a second factor sends it as `otp`, under the
 * same limits (SecondFactorGate); without it or with a wrong one the right
 * password still gets no token.
 */
export class Login {
  constructor(
    private readonly authenticator: UserAuthenticator,
    /** The login's own issuer: its lifetime, tokens of the original shape (issued to no client). */
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser'>,
    private readonly attempts: PlannedAttemptLimiter,
    private readonly capacity: LoginCapacity,
    /** The second factor after the right password: `otp` for an enrolled user (the seed login has no page to ask on). */
    private readonly secondFactor: Pick<SecondFactorGate, 'withCode'>,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const user = await this.authenticate(input);
    await this.secondFactor.withCode(user, input.otp, input.address);
    const { token } = await this.tokens.forUser(user, null);
    return accessTokenInfo(token, user);
  }

  /**
   * The user behind the credentials, under the login's limits and capacity;
   * the OAuth grants sign their own tokens for it (their lifetime, a refresh token beside).
   */
  async authenticate(input: LoginInput): Promise<AuthenticatedUser> {
    const account = accountSubject(input.username);
    const { address } = input;
    // One store round trip reads whether the address is known for the account and counts accordingly.
    const attempt = await this.attempts.attempt(loginAttemptPlan(input.username, address));
    if (attempt.retryAfterSeconds !== null) throw new TooManyLoginAttemptsError(attempt.retryAfterSeconds);
    const leave = this.capacity.enter(address);
    if (leave === null) {
      // Turned away unhashed, but its address stays counted: a flood cannot knock for free. The account was
      // not guessed at, so it gets its attempt back.
      await attempt.settle({ giveBack: attempt.counted.filter((key) => key === account), remember: false });
      throw new PasswordHashingBusyError();
    }
    let user: AuthenticatedUser;
    try {
      user = await this.authenticator.authenticate(input.username, input.password);
    } catch (error) {
      // Only a wrong guess counts; a store outage is not the client's attempt.
      if (!(error instanceof InvalidCredentialsError)) await attempt.settle({ giveBack: attempt.counted, remember: false });
      throw error;
    } finally {
      leave();
    }
    // A success counts nothing, and its address is remembered for the account (a round trip when it is new).
    await attempt.settle({ giveBack: attempt.counted, remember: !attempt.known });
    return user;
  }
}

import { accessTokenInfo, type AccessTokenInfo } from '../../domain/model/AccessTokenInfo';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { accountKey } from '../../domain/model/AccountName';
import { InvalidCredentialsError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '../../domain/errors';
import { knownSourceKey, type AttemptLimiter, type AttemptReservation } from '../../domain/ports/AttemptLimiter';
import type { LoginCapacity } from '../../domain/ports/LoginCapacity';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { UserAuthenticator } from '../../domain/ports/UserAuthenticator';

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
  /** The client's address as the HTTP layer sees it (behind a proxy: per AUTH_TRUST_PROXY); absent when unknown. */
  readonly address?: string;
}

export type LoginResult = AccessTokenInfo;

/**
 * Authenticates a user and issues an access token signed with the active key.
 * Brute-force protection is part of the use case, counted before anything
 * costly: an attempt counts against the client address first, even when the
 * process's hashing capacity then turns it away (busy), so a flood spends its
 * own allowance rather than everyone's capacity, and one address holds at
 * most a fair share of that capacity. It then counts against the account
 * before the password is checked, and is given back when the login succeeds
 * (or fails for a reason other than a wrong guess). Over either limit the
 * password is not evaluated: the right one gets the same refusal as a wrong
 * one. An address that recently logged in to the account is remembered and
 * spends an allowance of its own for it, so guessing cannot lock its owner out.
 */
export class Login {
  constructor(
    private readonly authenticator: UserAuthenticator,
    /** The login's own issuer: its lifetime, tokens of the original shape (issued to no client). */
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser'>,
    private readonly attempts: AttemptLimiter,
    private readonly capacity: LoginCapacity,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const user = await this.authenticate(input);
    const { token } = await this.tokens.forUser(user, null);
    return accessTokenInfo(token, user);
  }

  /**
   * The user behind the credentials, under the login's limits and capacity;
   * the OAuth grants sign their own tokens for it (their lifetime, a refresh token beside).
   */
  async authenticate(input: LoginInput): Promise<AuthenticatedUser> {
    const account = accountSubject(input.username);
    // Stryker disable next-line ConditionalExpression: asking `knows` without an address is equivalent: no address is ever remembered without one (see below), so the answer is false
    const known = input.address !== undefined && (await this.attempts.knows(account, input.address));
    const bySource = await this.attempts.reserve(sourceKeys(input.address, account, known));
    if (bySource.retryAfterSeconds !== null) throw new TooManyLoginAttemptsError(bySource.retryAfterSeconds);
    const leave = this.capacity.enter(input.address);
    if (leave === null) {
      // Turned away unhashed, but it stays counted: a flood cannot knock for free.
      await bySource.failed();
      throw new PasswordHashingBusyError();
    }
    let user: AuthenticatedUser;
    try {
      user = await this.checkedUser(input, bySource, known ? null : account);
    } finally {
      leave();
    }
    if (!known && input.address !== undefined) await this.attempts.remember(account, input.address);
    return user;
  }

  /** Counts against the shared account limit (unless the source is known), then checks the password. */
  private async checkedUser(input: LoginInput, bySource: AttemptReservation, account: string | null): Promise<AuthenticatedUser> {
    const byAccount = account === null ? null : await this.attempts.reserve([account]);
    if (byAccount && byAccount.retryAfterSeconds !== null) throw new TooManyLoginAttemptsError(byAccount.retryAfterSeconds);
    const reservations = byAccount ? [bySource, byAccount] : [bySource];
    let user: AuthenticatedUser;
    try {
      user = await this.authenticator.authenticate(input.username, input.password);
    } catch (error) {
      // Only a wrong guess counts; a store outage is not the client's attempt.
      const wrongGuess = error instanceof InvalidCredentialsError;
      await Promise.all(reservations.map((reservation) => (wrongGuess ? reservation.failed() : reservation.succeeded())));
      throw error;
    }
    await Promise.all(reservations.map((reservation) => reservation.succeeded()));
    return user;
  }
}

/** Case and surrounding spaces do not make a different account for the limit. */
function accountSubject(username: string): string {
  // The store's comparison key (NFKC, case-folded): `ｂｏｂ` and `BOB` spend `bob`'s attempts.
  return `account:${accountKey(username.trim().slice(0, 256))}`;
}

/** What an attempt counts against before the capacity: its address, or a known address's own allowance for the account. */
function sourceKeys(address: string | undefined, account: string, known: boolean): string[] {
  if (address === undefined) return [];
  return [known ? knownSourceKey(account, address) : `address:${address}`];
}

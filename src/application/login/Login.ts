import { accessTokenInfo, type AccessTokenInfo } from '../../domain/model/AccessTokenInfo';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { InvalidCredentialsError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '../../domain/errors';
import type { AuditEventDraft } from '../../domain/model/AuditEvent';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
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
  /** The request's id (the request log's), for the audit trail; absent outside a request. */
  readonly requestId?: string;
  /** The OAuth client the user signs in to (the password grant, the sign-in form), for the audit trail; absent at the login route. */
  readonly client?: string;
}

/** The longest account, as typed, the trail keeps: the users table's limit. */
const TYPED_ACCOUNT_LIMIT = 256;

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
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const user = await this.authenticate(input);
    await this.secondFactor.withCode(user, input.otp, input.address);
    const { token } = await this.tokens.forUser(user, null);
    this.trail.record({ type: 'token.issued', outcome: 'success', account: user.account, details: { grant: 'login', subject: user.id, scopes: [] }, ...whereFrom(input) });
    return accessTokenInfo(token, user);
  }

  /**
   * The user behind the credentials, under the login's limits and capacity;
   * the OAuth grants sign their own tokens for it (their lifetime, a refresh token beside).
   * Every success and every refusal of the credentials or by the limits is
   * recorded with its reason, which the answer never tells.
   */
  async authenticate(input: LoginInput): Promise<AuthenticatedUser> {
    const account = input.username.slice(0, TYPED_ACCOUNT_LIMIT);
    const client = input.client ?? null;
    let user: AuthenticatedUser;
    try {
      user = await this.limitedAuthenticate(input);
    } catch (error) {
      const reason = refusalOf(error);
      if (reason !== null) this.trail.record({ type: 'login.failed', outcome: 'failure', account, client, details: { reason }, ...whereFrom(input) });
      throw error;
    }
    this.trail.record({ type: 'login.succeeded', outcome: 'success', account, client, details: { subject: user.id }, ...whereFrom(input) });
    return user;
  }

  private async limitedAuthenticate(input: LoginInput): Promise<AuthenticatedUser> {
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

/** The address and request id the caller gave, for the trail (the login route runs outside any audit context). */
function whereFrom(input: LoginInput): Pick<AuditEventDraft, 'address' | 'requestId'> {
  return { ...(input.address === undefined ? {} : { address: input.address }), ...(input.requestId === undefined ? {} : { requestId: input.requestId }) };
}

/** What the trail says of a refused login; null for what is no verdict on the credentials (busy, store away). */
function refusalOf(error: unknown): string | null {
  if (error instanceof InvalidCredentialsError) return error.reason ?? 'invalid_credentials';
  if (error instanceof TooManyLoginAttemptsError) return 'limited';
  return null;
}


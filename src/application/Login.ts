import { accessTokenInfo, type AccessTokenInfo } from '../domain/model/AccessTokenInfo';
import type { AuthenticatedUser } from '../domain/model/AuthenticatedUser';
import type { KeyRing } from '../domain/model/KeyRing';
import type { TokenClaims } from '@auth-service/client/internal/domain/model/TokenClaims';
import { accountKey } from '../domain/model/AccountName';
import { InvalidCredentialsError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '@auth-service/client/internal/domain/errors';
import type { AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { Clock } from '@auth-service/client/internal/domain/ports/Clock';
import type { IdGenerator } from '../domain/ports/IdGenerator';
import type { LoginCapacity } from '../domain/ports/LoginCapacity';
import type { TokenSigner } from '../domain/ports/TokenSigner';
import { userTokenClaims } from './userTokenClaims';
import type { UserAuthenticator } from '../domain/ports/UserAuthenticator';

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
  /** The client's address as the HTTP layer sees it (behind a proxy: per AUTH_TRUST_PROXY); absent when unknown. */
  readonly address?: string;
  /** The authenticated OAuth client asking for the token (password grant): recorded as `client_id` (RFC 7009 §2.1 binding). */
  readonly clientId?: string;
}

export type LoginResult = AccessTokenInfo;

export interface TokenPolicy {
  readonly issuer: string;
  readonly ttlSeconds: number;
}

/**
 * Authenticates a user and issues an access token signed with the active key.
 * Brute-force protection is part of the use case: an attempt is counted per
 * client address and per account before the password is checked, given back
 * when the login succeeds (or fails for a reason other than a wrong guess), and
 * refused unchecked once either count is at the limit. Before any of that, the
 * login takes a place in the process's capacity: a burst beyond it is refused
 * at once (busy), without a count or a hash.
 */
export class Login {
  constructor(
    private readonly authenticator: UserAuthenticator,
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly policy: TokenPolicy,
    private readonly attempts: AttemptLimiter,
    private readonly capacity: LoginCapacity,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const user = await this.authenticate(input);
    const token = await this.signer.sign(this.claimsFor(user, input.clientId), this.ring.activeKey());
    return accessTokenInfo(token, user);
  }

  /**
   * The user behind the credentials, under the login's limits and capacity;
   * the OAuth grants sign their own tokens for it (their lifetime, a refresh token beside).
   */
  async authenticate(input: LoginInput): Promise<AuthenticatedUser> {
    const leave = this.capacity.enter();
    if (leave === null) throw new PasswordHashingBusyError();
    try {
      return await this.checkedUser(input);
    } finally {
      leave();
    }
  }

  private async checkedUser(input: LoginInput): Promise<AuthenticatedUser> {
    const reservation = await this.attempts.reserve(attemptKeys(input));
    if (reservation.retryAfterSeconds !== null) throw new TooManyLoginAttemptsError(reservation.retryAfterSeconds);
    let user: AuthenticatedUser;
    try {
      user = await this.authenticator.authenticate(input.username, input.password);
    } catch (error) {
      // Only a wrong guess counts; a store outage is not the client's attempt.
      await (error instanceof InvalidCredentialsError ? reservation.failed() : reservation.succeeded());
      throw error;
    }
    await reservation.succeeded();
    return user;
  }

  private claimsFor(user: AuthenticatedUser, clientId: string | undefined): TokenClaims {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return userTokenClaims(user, { issuer: this.policy.issuer, iat, ttlSeconds: this.policy.ttlSeconds, jti: this.ids.next(), clientId });
  }
}

/** Case and surrounding spaces do not make a different account for the limit. */
function attemptKeys(input: LoginInput): string[] {
  // The store's comparison key (NFKC, case-folded): `ｂｏｂ` and `BOB` spend `bob`'s attempts.
  const account = `account:${accountKey(input.username.trim().slice(0, 256))}`;
  return input.address ? [`address:${input.address}`, account] : [account];
}

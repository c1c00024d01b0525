import { accessTokenInfo, type AccessTokenInfo } from '../domain/model/AccessTokenInfo';
import type { AuthenticatedUser } from '../domain/model/AuthenticatedUser';
import type { KeyRing } from '../domain/model/KeyRing';
import type { TokenClaims } from '@auth-service/client';
import { accountKey } from '../domain/model/AccountName';
import { InvalidCredentialsError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '../domain/errors';
import type { AttemptLimiter } from '../domain/ports/AttemptLimiter';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../domain/ports/IdGenerator';
import type { LoginCapacity } from '../domain/ports/LoginCapacity';
import type { TokenSigner } from '../domain/ports/TokenSigner';
import type { UserAuthenticator } from '../domain/ports/UserAuthenticator';

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
  /** The client's address as the HTTP layer sees it (behind a proxy: per AUTH_TRUST_PROXY); absent when unknown. */
  readonly address?: string;
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
    const leave = this.capacity.enter();
    if (leave === null) throw new PasswordHashingBusyError();
    let user: AuthenticatedUser;
    try {
      user = await this.checkedUser(input);
    } finally {
      leave();
    }
    const token = await this.signer.sign(this.claimsFor(user), this.ring.activeKey());
    return accessTokenInfo(token, user);
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

  private claimsFor(user: AuthenticatedUser): TokenClaims {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return {
      account: user.account,
      nickName: user.nickName,
      userId: user.id,
      userType: user.userType,
      ...presentOnly({ tenantId: user.tenantId, avatar: user.avatar, telephone: user.telephone, grade: user.grade }),
      sub: user.id,
      iss: this.policy.issuer,
      iat,
      exp: iat + this.policy.ttlSeconds,
      jti: this.ids.next(),
    };
  }
}

/** Case and surrounding spaces do not make a different account for the limit. */
function attemptKeys(input: LoginInput): string[] {
  // The store's comparison key (NFKC, case-folded): `ｂｏｂ` and `BOB` spend `bob`'s attempts.
  const account = `account:${accountKey(input.username.trim().slice(0, 256))}`;
  return input.address ? [`address:${input.address}`, account] : [account];
}

/** Drops null fields: the token carries only what is known about the user. */
function presentOnly(fields: Record<string, string | null>): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== null) present[name] = value;
  return present;
}

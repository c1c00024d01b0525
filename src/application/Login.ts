import { accessTokenInfo, type AccessTokenInfo } from '../domain/model/AccessTokenInfo';
import type { AuthenticatedUser } from '../domain/model/AuthenticatedUser';
import type { KeyRing } from '../domain/model/KeyRing';
import type { TokenClaims } from '../domain/model/TokenClaims';
import type { Clock } from '../domain/ports/Clock';
import type { IdGenerator } from '../domain/ports/IdGenerator';
import type { TokenSigner } from '../domain/ports/TokenSigner';
import type { UserAuthenticator } from '../domain/ports/UserAuthenticator';

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly code?: string;
}

export type LoginResult = AccessTokenInfo;

export interface TokenPolicy {
  readonly issuer: string;
  readonly ttlSeconds: number;
}

/** Authenticates a user and issues an access token signed with the active key. */
export class Login {
  constructor(
    private readonly authenticator: UserAuthenticator,
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly policy: TokenPolicy,
  ) {}

  async execute(input: LoginInput): Promise<LoginResult> {
    const user = await this.authenticator.authenticate(input.username, input.password);
    const token = await this.signer.sign(this.claimsFor(user), this.ring.activeKey());
    return accessTokenInfo(token, user);
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

/** Drops null fields: the token carries only what is known about the user. */
function presentOnly(fields: Record<string, string | null>): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== null) present[name] = value;
  return present;
}

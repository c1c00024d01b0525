import type { KeyRing } from '../../domain/model/KeyRing';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { IssuedAccessToken } from '../../domain/ports/RefreshTokenStore';
import type { TokenSigner } from '../../domain/ports/TokenSigner';
import type { TokenPolicy } from '../login/Login';
import { userTokenClaims } from '../login/userTokenClaims';

export interface SignedAccessToken extends IssuedAccessToken {
  readonly token: string;
}

/** Signs a user's access token for the OAuth grants, with the OAuth endpoint's own lifetime. */
export class UserAccessTokens {
  constructor(
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly policy: TokenPolicy,
  ) {}

  get ttlSeconds(): number {
    return this.policy.ttlSeconds;
  }

  async issue(user: AuthenticatedUser, clientId: string | null): Promise<SignedAccessToken> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const jti = this.ids.next();
    const claims = userTokenClaims(user, { issuer: this.policy.issuer, iat, ttlSeconds: this.policy.ttlSeconds, jti, clientId: clientId ?? undefined });
    const token = await this.signer.sign(claims, this.ring.activeKey());
    return { token, jti, expiresAt: iat + this.policy.ttlSeconds, subject: user.id, issuedAt: iat };
  }
}

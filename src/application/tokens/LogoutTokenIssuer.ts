import type { Clock } from '@auth-service/client';
import type { KeyRing } from '../../domain/model/KeyRing';
import { BACKCHANNEL_LOGOUT_EVENT, type LogoutTokenClaims } from '../../domain/model/LogoutTokenClaims';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { TokenSigner } from '../../domain/ports/TokenSigner';
import type { TokenPolicy } from './AccessTokenIssuer';

/** Whom a logout token signs out, for which client. */
export interface LogoutTokenRequest {
  readonly clientId: string;
  readonly subject: string;
  /** The ended session's `sid`; null when the user as a whole was signed out. */
  readonly sid: string | null;
}

/** Logout tokens live two minutes at most: long enough for a slow receiver, short against replay. */
export const LOGOUT_TOKEN_SECONDS = 120;

/**
 * Makes Back-Channel Logout 1.0 logout tokens (§2.4): signed with the active
 * key, header `typ: logout+jwt` (§2.4's explicit typing), `aud` the client,
 * a fresh `jti`, the logout event, `sub` and `sid` when a session ended; no
 * `nonce`. Null under an HMAC key: its secret is every resource service's, so
 * such a token would prove nothing to the client.
 */
export class LogoutTokenIssuer {
  constructor(
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly policy: Pick<TokenPolicy, 'issuer'>,
  ) {}

  async issue(request: LogoutTokenRequest): Promise<string | null> {
    const key = this.ring.activeKey();
    if (key.method === 'hmac') return null;
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims: LogoutTokenClaims = {
      iss: this.policy.issuer,
      aud: request.clientId,
      iat,
      exp: iat + LOGOUT_TOKEN_SECONDS,
      jti: this.ids.next(),
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
      sub: request.subject,
      ...(request.sid === null ? {} : { sid: request.sid }),
    };
    return this.signer.sign(claims, key, 'logout+jwt');
  }
}

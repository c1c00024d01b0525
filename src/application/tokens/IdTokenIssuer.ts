import type { Clock } from '@auth-service/client';
import { InvalidScopeError } from '../../domain/grantErrors';
import type { IdTokenClaims } from '../../domain/model/IdTokenClaims';
import { PASSWORD_ONLY, type Authentication } from '../../domain/model/AuthenticationLevel';
import type { KeyRing } from '../../domain/model/KeyRing';
import { OPENID_NEEDS_ASYMMETRIC_KEY, OPENID_SCOPE } from '../../domain/model/OpenIdScope';
import type { AccessTokenHasher } from '../../domain/ports/AccessTokenHasher';
import type { TokenSigner } from '../../domain/ports/TokenSigner';
import type { TokenPolicy } from './AccessTokenIssuer';

/** What an ID token says, beside the access token it is answered with. */
export interface IdTokenRequest {
  /** The user's id: the access token's and userinfo's `sub`. */
  readonly subject: string;
  /** The client it is for: the one `aud`. */
  readonly clientId: string;
  /** Epoch seconds of the user's sign-in; 0 when not known (no `auth_time` then). */
  readonly authTime: number;
  /** The authorization request's nonce, echoed; absent on a refresh (OpenID Connect Core §12.2). */
  readonly nonce?: string;
  /** The sign-in session it comes from (`sid`, Back-Channel Logout §2.1); absent when none is known. */
  readonly sid?: string;
  /** What the sign-in proved (`acr`, RFC 8176 `amr`); absent: a password alone. */
  readonly authentication?: Authentication;
  /** The access token answered beside it, which `at_hash` binds it to. */
  readonly accessToken: string;
}

/**
 * Makes OpenID Connect ID tokens (Core §2, §3.1.3.6), beside AccessTokenIssuer
 * and with the same issuer, clock and lifetime as the OAuth access tokens:
 * signed with the active key, header `typ: JWT` and its `kid`, `at_hash` the
 * left half of the access token's hash by the key's algorithm. Only an
 * asymmetric key may sign one: an HMAC secret is handed to every resource
 * service (and a client secret, OIDC Core §10.1, is kept only as a digest), so
 * under HMAC the request is refused as InvalidScopeError for `openid`.
 */
export class IdTokenIssuer {
  constructor(
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly hasher: AccessTokenHasher,
    private readonly policy: TokenPolicy,
  ) {}

  async issue(request: IdTokenRequest): Promise<string> {
    const key = this.ring.activeKey();
    if (key.method === 'hmac') throw new InvalidScopeError(OPENID_SCOPE, OPENID_NEEDS_ASYMMETRIC_KEY);
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims: IdTokenClaims = {
      iss: this.policy.issuer,
      sub: request.subject,
      aud: request.clientId,
      exp: iat + this.policy.ttlSeconds,
      iat,
      ...(request.authTime > 0 ? { auth_time: request.authTime } : {}),
      ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
      ...(request.sid === undefined ? {} : { sid: request.sid }),
      acr: (request.authentication ?? PASSWORD_ONLY).acr,
      amr: (request.authentication ?? PASSWORD_ONLY).amr,
      at_hash: this.hasher.atHash(request.accessToken, key.alg),
    };
    return this.signer.sign(claims, key, 'JWT');
  }
}

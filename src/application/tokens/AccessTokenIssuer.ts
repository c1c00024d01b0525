import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { PASSWORD_ONLY, type Authentication } from '../../domain/model/AuthenticationLevel';
import type { GrantedAccess } from '../../domain/model/GrantedAccess';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { IssuedAccessToken } from '../../domain/ports/RefreshTokenStore';
import type { SignedClaims, TokenSigner, TokenType } from '../../domain/ports/TokenSigner';
import { releasedFieldsOf } from '../../domain/model/userFieldsByScope';
import { userTokenClaims } from './userTokenClaims';

/** Who issues and for how long: the login's tokens and the OAuth endpoint's each have their own lifetime. */
export interface TokenPolicy {
  readonly issuer: string;
  readonly ttlSeconds: number;
}

/** The client a token is issued to through OAuth, and what it was granted. */
export interface TokenRecipient {
  readonly clientId: string;
  readonly access: GrantedAccess;
  /** An AUTH_CLIENTS entry (AuthenticatedClient.configured): the seed login's user fields, all of them. */
  readonly configured?: boolean;
  /** The sign-in behind a user's token: RFC 9068 §2.2.1 `auth_time`, `acr`, `amr`; absent: none are claimed. */
  readonly signIn?: SignInFacts;
}

/** What a user's sign-in proved and when. */
export interface SignInFacts {
  /** Epoch seconds; absent: the sign-in is the token's own moment (the password grant); 0: not known (no `auth_time`). */
  readonly authTime?: number;
  /** Absent: a password alone. */
  readonly authentication?: Authentication;
}

export interface SignedAccessToken extends IssuedAccessToken {
  readonly token: string;
}

/**
 * The one place access tokens are made, for the seed login, the OAuth user
 * grants and client_credentials: claims stamped with issuer, times and a jti,
 * signed with the active key. A token issued to a client is an RFC 9068 JWT
 * access token (header `typ: at+jwt`; `client_id`, `aud`, `scope` when granted);
 * a token issued to no client (the seed login) keeps its original shape
 * (`typ: JWT`, no `aud` or `scope`). `aud` is the granted resources exactly as
 * registered (one: a string; several: a list) or, when the client has none,
 * its own id (as Spring Authorization Server does): never absent, so a service
 * that checks its audience never takes another's token. A token issued to a
 * request that proved a DPoP key carries that key's thumbprint, `cnf.jkt`
 * (RFC 9449 §6.1): a thief without the private key cannot use it.
 */
export class AccessTokenIssuer {
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

  /**
   * A user's token: through OAuth to a stored client, its user fields as its
   * scopes release them; or the seed login's (null) and an AUTH_CLIENTS entry's, every field.
   */
  forUser(user: AuthenticatedUser, to: TokenRecipient | null, jkt: string | null = null): Promise<SignedAccessToken> {
    const released = to === null || to.configured === true ? null : releasedFieldsOf(to.access.scopes);
    return this.issue(user.id, to, (stamp) => ({ ...userTokenClaims(user, stamp, released), ...(to === null ? {} : { ...purposeOf(to), ...signInClaims(to.signIn, stamp.iat) }), ...confirmationOf(jkt) }));
  }

  /** A client's own token (client_credentials, RFC 6749 §4.4): `sub` and `client_id` its id, no user claim. */
  forClient(to: TokenRecipient, jkt: string | null = null): Promise<SignedAccessToken> {
    return this.issue(to.clientId, to, (stamp) => ({
      sub: to.clientId,
      client_id: to.clientId,
      iss: stamp.issuer,
      iat: stamp.iat,
      exp: stamp.iat + stamp.ttlSeconds,
      jti: stamp.jti,
      ...purposeOf(to),
      ...confirmationOf(jkt),
    }));
  }

  private async issue(subject: string, to: TokenRecipient | null, claimsOf: (stamp: Stamp) => SignedClaims): Promise<SignedAccessToken> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const jti = this.ids.next();
    const stamp: Stamp = { issuer: this.policy.issuer, iat, ttlSeconds: this.policy.ttlSeconds, jti, clientId: to?.clientId };
    const type: TokenType = to === null ? 'JWT' : 'at+jwt';
    const token = await this.signer.sign(claimsOf(stamp), this.ring.activeKey(), type);
    return { token, jti, expiresAt: iat + this.policy.ttlSeconds, subject, issuedAt: iat };
  }
}

interface Stamp {
  readonly issuer: string;
  readonly iat: number;
  readonly ttlSeconds: number;
  readonly jti: string;
  readonly clientId?: string;
}

/** RFC 9068 §2.2.1: how and when the user authenticated, for a resource server that needs a level (RFC 9470). */
function signInClaims(signIn: SignInFacts | undefined, iat: number): { auth_time?: number; acr?: string; amr?: readonly string[] } {
  if (signIn === undefined) return {};
  const authTime = signIn.authTime ?? iat;
  const { acr, amr } = signIn.authentication ?? PASSWORD_ONLY;
  return { ...(authTime > 0 ? { auth_time: authTime } : {}), acr, amr };
}

/** RFC 9068 §2.2 beside `client_id` (stamped with the other claims): `aud`, and `scope` when any was granted. */
function purposeOf(to: TokenRecipient): { aud: string | readonly string[]; scope?: string } {
  const { resources, scopes } = to.access;
  const aud = resources.length === 0 ? to.clientId : resources.length === 1 ? resources[0] : resources;
  return { aud, ...(scopes.length === 0 ? {} : { scope: scopes.join(' ') }) };
}

/** RFC 9449 §6.1: the DPoP key the token is bound to, when the request proved one. */
function confirmationOf(jkt: string | null): { cnf?: { jkt: string } } {
  return jkt === null ? {} : { cnf: { jkt } };
}

import type { Authentication } from '../../domain/model/AuthenticationLevel';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { GrantedAccess } from '../../domain/model/GrantedAccess';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { IssuedAccessToken, RefreshesOverLimit, RefreshTokenFamily, RefreshTokenLookup, RefreshTokenStore } from '../../domain/ports/RefreshTokenStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { RevokeIssuedAccessTokens } from '../revocation/RevokeIssuedAccessTokens';

/** How long a family lives: from its sign-in (absolute) and from its last use (idle). */
export interface RefreshTokenPolicy {
  readonly absoluteSeconds: number;
  readonly idleSeconds: number;
}

/**
 * Refresh-token families (RFC 6749 §6, RFC 9700 §4.14.2): starting one beside
 * a user's access token, telling whether a presented token is usable, and
 * ending one together with every access token it issued (reuse, RFC 7009
 * revocation, sign-out). Tokens are 256 random bits; the store keeps digests.
 */
export class RefreshTokenFamilies {
  constructor(
    private readonly store: RefreshTokenStore,
    private readonly secrets: SecretGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    readonly policy: RefreshTokenPolicy,
    private readonly revokeIssued: Pick<RevokeIssuedAccessTokens, 'execute'>,
  ) {}

  now(): number {
    return epochSeconds(this.clock.now());
  }

  /**
   * A new family for the user (and client) and the access it was granted (what its refreshes may
   * narrow, never widen), whose first token is returned; `familyId` when named in advance (a code's).
   */
  async start(
    user: AuthenticatedUser,
    clientId: string | null,
    granted: GrantedAccess,
    access: IssuedAccessToken,
    familyId = this.ids.next(),
    /** When the user signed in for the grant (a code's sign-in; now for the password grant). */
    authTime = this.now(),
    /** The sign-in session of the grant (a code's), carried into refreshed ID tokens. */
    sid?: string,
    /** What the sign-in proved; absent: a password alone. */
    authentication?: Authentication,
    /** The DPoP key (thumbprint) a public client's family is bound to; absent: unbound. */
    dpopJkt?: string,
  ): Promise<string> {
    const now = this.now();
    const token = this.secrets.next();
    const family: RefreshTokenFamily = {
      familyId,
      subject: user.id,
      clientId,
      user,
      granted,
      authTime,
      ...(sid === undefined ? {} : { sid }),
      ...(dpopJkt === undefined ? {} : { dpopJkt }),
      ...(authentication === undefined ? {} : { authentication }),
      createdAt: now,
      expiresAt: now + this.policy.absoluteSeconds,
      lastUsedAt: now,
      revoked: false,
    };
    await this.store.startFamily(family, token, access);
    // Families past their absolute end can serve no one: cleared out here, where they are made (one indexed delete).
    await this.store.purge(now);
    return token;
  }

  find(token: string): Promise<RefreshTokenLookup | null> {
    return this.store.find(token);
  }

  /** True while the family may still issue tokens at `now`. */
  isAlive(family: RefreshTokenFamily, now: number): boolean {
    return !family.revoked && now < family.expiresAt && now < family.lastUsedAt + this.policy.idleSeconds;
  }

  /**
   * The next token of the family; null when another caller rotated `from` first. The refresh is counted per
   * family and per user in the same write (REFRESH_LIMIT: what bounds a family's rotations, and so the tokens
   * ending it revokes), success or not; over either limit nothing is rotated and the seconds to wait are answered.
   */
  async rotate(family: RefreshTokenFamily, from: string, access: IssuedAccessToken): Promise<string | null | RefreshesOverLimit> {
    const next = this.secrets.next();
    const rotated = await this.store.rotate(family.familyId, from, next, access, this.now(), [`family:${family.familyId}`, `user:${family.subject}`]);
    if (rotated === true) return next;
    return rotated === false ? null : rotated;
  }

  /** Ends the family and revokes the access tokens it issued, wherever they are checked. */
  async end(familyId: string): Promise<void> {
    const issued = await this.store.revokeFamily(familyId, this.now());
    await this.revokeIssued.execute(issued);
  }

  /** Ends the family that issued this access token, if one did (signing out with it). */
  async endOfAccessToken(jti: string): Promise<void> {
    const familyId = await this.store.familyOfAccessToken(jti);
    if (familyId !== null) await this.end(familyId);
  }
}

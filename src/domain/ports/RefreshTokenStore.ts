import type { Authentication } from '../model/AuthenticationLevel';
import type { GrantedAccess } from '../model/GrantedAccess';
import type { AuthenticatedUser } from '../model/AuthenticatedUser';

/** One access token issued from a refresh-token family: revoked with the family, owned by its user. */
export interface IssuedAccessToken {
  readonly jti: string;
  /** Epoch seconds. */
  readonly expiresAt: number;
  /** The user id (`sub`): a revoked token counts in that user's cap (RevocationStore.capSubject). */
  readonly subject: string;
  /**
   * Epoch seconds: the token's iat. A store that only recorded when it saved the token may answer
   * that second instead: never earlier than the iat, so a fold into the not-before refuses it all the same.
   */
  readonly issuedAt: number;
}

/**
 * A refresh-token family (RFC 9700 §4.14.2): the grant one sign-in started,
 * carried on by one refresh token at a time. Times are epoch seconds.
 */
export interface RefreshTokenFamily {
  readonly familyId: string;
  /** The user id (`sub`). */
  readonly subject: string;
  /** The client the family is bound to; null when the grant named no client. */
  readonly clientId: string | null;
  /** The user as signed in: the claims of the access tokens the family issues. */
  readonly user: AuthenticatedUser;
  /** The scopes and resources granted at sign-in: a refresh may narrow them, never widen (RFC 6749 §6). */
  readonly granted: GrantedAccess;
  /** Epoch seconds: when the user signed in for the grant (OpenID Connect `auth_time` of refreshed ID tokens); 0 when not known. */
  readonly authTime: number;
  /** The sign-in session the grant came from (the `sid` of refreshed ID tokens); absent when none. */
  readonly sid?: string;
  /** The DPoP key a public client's family is bound to (RFC 9449 §5): every refresh must prove it; absent when unbound. */
  readonly dpopJkt?: string;
  /** What the sign-in proved, carried into refreshed tokens; absent: a password alone. */
  readonly authentication?: Authentication;
  readonly createdAt: number;
  /** Absolute end of the family, whatever its use. */
  readonly expiresAt: number;
  /** The last sign-in or refresh: the idle timeout runs from here. */
  readonly lastUsedAt: number;
  readonly revoked: boolean;
}

/** A rotation refused by the refresh limit: nothing swapped, the refresh counted. */
export interface RefreshesOverLimit {
  readonly retryAfterSeconds: number;
}

/** What a presented refresh token is: the family's current token, or one already used (reuse). */
export interface RefreshTokenLookup {
  readonly family: RefreshTokenFamily;
  readonly current: boolean;
}

/**
 * Refresh tokens in the shared store, so every instance honours every token.
 * Tokens are passed in clear and kept only as digests by the adapter.
 */
export interface RefreshTokenStore {
  /** Starts a family with its first token and the access token issued beside it. */
  startFamily(family: RefreshTokenFamily, token: string, access: IssuedAccessToken): Promise<void>;
  /** The family of a token ever issued (current or used); null for a token never issued. */
  find(token: string): Promise<RefreshTokenLookup | null>;
  /**
   * Counts one refresh against each of `counted` (in order, against the store's
   * refresh limit: a key only while the ones before it are within it; counted
   * even when refused) and then, when every key is within the limit, replaces
   * the family's current token `from` by `to`, in one conditional write; the
   * count and the swap are one durable write. True for exactly one caller;
   * false when `from` is no longer current or the family was revoked (another
   * instance rotated it first: reuse); over the limit, the seconds until one
   * more refresh fits, and nothing is swapped.
   */
  rotate(familyId: string, from: string, to: string, access: IssuedAccessToken, now: number, counted: readonly string[]): Promise<boolean | RefreshesOverLimit>;
  /** Ends the family; returns the access tokens it issued that are still unexpired at `now`. */
  revokeFamily(familyId: string, now: number): Promise<IssuedAccessToken[]>;
  /** The clients of the user's live families, with each family's sign-in session (a lock-out tells them: Back-Channel Logout). */
  grantsOfSubject(subject: string): Promise<readonly { readonly clientId: string; readonly sid: string | null }[]>;
  /** Ends every family of the user (its access tokens are covered by the subject's revocation). */
  revokeSubject(subject: string, now: number): Promise<void>;
  /**
   * Deletes every family bound to the client, with its tokens (the client was removed; its access tokens are
   * covered by the client's not-before): none of its refresh tokens is known afterwards. Returns how many families.
   */
  deleteOfClient(clientId: string): Promise<number>;
  /** The family that issued an access token; null when none did. */
  familyOfAccessToken(jti: string): Promise<string | null>;
  /** Deletes families past their absolute end; returns how many. */
  purge(now: number): Promise<number>;
}

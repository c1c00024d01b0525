import type { AuthenticatedUser } from '../model/AuthenticatedUser';

/**
 * The user a grant or a token names: its id, and its account when known. A stored client's token granted no
 * `profile` carries no account: such a user is looked up by id alone, never taken as active for want of one.
 */
export type UserReference = Pick<AuthenticatedUser, 'id'> & { readonly account: string | null };

/**
 * Whether a user a grant was made for may still receive tokens: the user
 * store's word, asked each time a code or a refresh token is turned into a
 * token (RFC 9700 §4.14.2, RFC 6819 §5.2.2.4), so a user disabled or removed
 * in the store gets nothing from a grant made before.
 */
export interface ActiveUsers {
  /** False when the user is disabled, removed, or its account now belongs to another user (a different id). */
  isActive(user: UserReference): Promise<boolean>;
  /**
   * The user's email address as the store holds it now (OpenID Connect `email` at userinfo; tokens do not
   * carry it); null when the store has none for the user, or the user is no longer the same active user.
   */
  emailOf(user: UserReference): Promise<string | null>;
}

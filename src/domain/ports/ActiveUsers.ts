import type { AuthenticatedUser } from '../model/AuthenticatedUser';

/**
 * Whether a user a grant was made for may still receive tokens: the user
 * store's word, asked each time a code or a refresh token is turned into a
 * token (RFC 9700 §4.14.2, RFC 6819 §5.2.2.4), so a user disabled or removed
 * in the store gets nothing from a grant made before.
 */
export interface ActiveUsers {
  /** False when the user is disabled, removed, or its account now belongs to another user (a different id). */
  isActive(user: AuthenticatedUser): Promise<boolean>;
}

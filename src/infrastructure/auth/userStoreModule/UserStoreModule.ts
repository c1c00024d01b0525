/**
 * The contract of a user-store module (`AUTH_USER_STORE=module:<path>`): your
 * own user store, the service's login in front of it. See docs/user-store.md.
 */

/**
 * The user a module vouches for. Required fields are non-empty strings,
 * optional ones a string, `null` or absent; none may hold a control character.
 * `id` becomes the tokens' `sub` and `userId`, and must stay the same for the
 * user: a disable or a removal is recognised by it (see `findById`).
 */
export interface UserStoreUser {
  readonly id: string;
  readonly account: string;
  readonly nickName: string;
  /** The original service's user type, e.g. `'4'` for a member. */
  readonly userType: string;
  readonly tenantId?: string | null;
  readonly avatar?: string | null;
  readonly telephone?: string | null;
  /** Checked like the others, not put into tokens (the built-in store does not put it there either). */
  readonly email?: string | null;
  readonly grade?: string | null;
}

/** What a user-store module exports, as named exports or as the properties of its default export. */
export interface UserStoreModule {
  /**
   * The user these credentials belong to, or `null` for a wrong password, an
   * unknown account and a disabled user alike. Throw (or reject) only when the
   * store cannot answer: the login is then refused with 503 and Retry-After,
   * never taken as a success. Spend the same work on an unknown account as on
   * a wrong password (verify against a dummy hash), so timing does not tell them apart.
   */
  authenticate(username: string, password: string): Promise<UserStoreUser | null> | UserStoreUser | null;
  /**
   * Optional: the user with this id as it is now, or `null` once removed or
   * disabled. When exported, the service asks it at every refresh, code
   * exchange and userinfo request, so a user disabled in your store gets no
   * more tokens from grants made before.
   */
  findById?(id: string): Promise<UserStoreUser | null> | UserStoreUser | null;
}

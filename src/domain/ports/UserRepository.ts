import type { UserAccount, UserStatus } from '../model/UserAccount';

/** What a conditional change expects of the user as stored: its status and the time of its last change. */
export interface UserVersion {
  readonly status: UserStatus;
  readonly updatedAt: Date;
}

/** Where user accounts live. Accounts are unique and compared by accountKey (NFKC, case-folded): `BOB` finds `bob`. */
export interface UserRepository {
  findByAccount(account: string): Promise<UserAccount | null>;
  findById(id: string): Promise<UserAccount | null>;
  /** Throws AccountTakenError when the account already exists. */
  add(user: UserAccount): Promise<void>;
  /**
   * False when no such account exists, or, given `expected`, when its status or last change is no longer
   * that: the check and the write are one conditional write, so a change landing in between is not lost.
   */
  setStatus(account: string, status: UserStatus, at: Date, expected?: UserVersion): Promise<boolean>;
  setPasswordHash(account: string, passwordHash: string, at: Date): Promise<void>;
  /** Deletes the account; false when no such account exists. */
  remove(account: string): Promise<boolean>;
  /** Every account, ordered by account. */
  list(): Promise<UserAccount[]>;
  /** At most `limit` accounts after `after` (null: from the first), in the order of `list`: one page of it, read through the account index. */
  listAfter(after: string | null, limit: number): Promise<UserAccount[]>;
}

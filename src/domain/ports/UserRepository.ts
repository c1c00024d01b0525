import type { UserAccount, UserStatus } from '../model/UserAccount';

/** Where user accounts live. Accounts are unique and compared by accountKey (NFKC, case-folded): `BOB` finds `bob`. */
export interface UserRepository {
  findByAccount(account: string): Promise<UserAccount | null>;
  findById(id: string): Promise<UserAccount | null>;
  /** Throws AccountTakenError when the account already exists. */
  add(user: UserAccount): Promise<void>;
  /** False when no such account exists. */
  setStatus(account: string, status: UserStatus, at: Date): Promise<boolean>;
  setPasswordHash(account: string, passwordHash: string, at: Date): Promise<void>;
  /** Deletes the account; false when no such account exists. */
  remove(account: string): Promise<boolean>;
  /** Every account, ordered by account. */
  list(): Promise<UserAccount[]>;
  /** At most `limit` accounts after `after` (null: from the first), in the order of `list`: one page of it, read through the account index. */
  listAfter(after: string | null, limit: number): Promise<UserAccount[]>;
}

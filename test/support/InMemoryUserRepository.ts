import { AccountTakenError } from '../../src/domain/errors';
import { accountKey } from '../../src/domain/model/AccountName';
import type { UserAccount, UserStatus } from '../../src/domain/model/UserAccount';
import type { UserRepository, UserVersion } from '../../src/domain/ports/UserRepository';

/** UserRepository in a Map keyed by accountKey(account), with the same uniqueness rule as the table. */
export class InMemoryUserRepository implements UserRepository {
  readonly rows = new Map<string, UserAccount>();
  lookups = 0;

  async findByAccount(account: string): Promise<UserAccount | null> {
    this.lookups++;
    return this.rows.get(accountKey(account)) ?? null;
  }

  async findById(id: string): Promise<UserAccount | null> {
    this.lookups++;
    return [...this.rows.values()].find((user) => user.id === id) ?? null;
  }

  async add(user: UserAccount): Promise<void> {
    if (this.rows.has(accountKey(user.account))) throw new AccountTakenError(user.account);
    this.rows.set(accountKey(user.account), user);
  }

  async setStatus(account: string, status: UserStatus, at: Date, expected?: UserVersion): Promise<boolean> {
    const user = this.rows.get(accountKey(account));
    if (!user) return false;
    if (expected && (user.status !== expected.status || user.updatedAt.getTime() !== expected.updatedAt.getTime())) return false;
    this.rows.set(accountKey(account), { ...user, status, updatedAt: at });
    return true;
  }

  async setPasswordHash(account: string, passwordHash: string, at: Date): Promise<void> {
    const user = this.rows.get(accountKey(account));
    if (user) this.rows.set(accountKey(account), { ...user, passwordHash, updatedAt: at });
  }

  async remove(account: string): Promise<boolean> {
    return this.rows.delete(accountKey(account));
  }

  async list(): Promise<UserAccount[]> {
    return [...this.rows.values()].sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  }

  async listAfter(after: string | null, limit: number): Promise<UserAccount[]> {
    return (await this.list()).filter((user) => after === null || user.account > after).slice(0, limit);
  }
}

import type { UserAccount } from '../../domain/model/UserAccount';
import type { ActiveUsers, UserReference } from '../../domain/ports/ActiveUsers';
import type { UserRepository } from '../../domain/ports/UserRepository';

/**
 * ActiveUsers of the database user store: the account exists, is the same user (same id) and is active.
 * A user known by id alone (a token without `account`) is looked up by id.
 */
export class DatabaseActiveUsers implements ActiveUsers {
  constructor(private readonly users: Pick<UserRepository, 'findByAccount' | 'findById'>) {}

  async isActive(user: UserReference): Promise<boolean> {
    return (await this.activeUser(user)) !== null;
  }

  async emailOf(user: UserReference): Promise<string | null> {
    return (await this.activeUser(user))?.email ?? null;
  }

  private async activeUser(user: UserReference): Promise<UserAccount | null> {
    const stored = user.account === null ? await this.users.findById(user.id) : await this.users.findByAccount(user.account);
    return stored !== null && stored.id === user.id && stored.status === 'active' ? stored : null;
  }
}

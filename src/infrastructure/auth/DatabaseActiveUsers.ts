import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { ActiveUsers } from '../../domain/ports/ActiveUsers';
import type { UserRepository } from '../../domain/ports/UserRepository';

/** ActiveUsers of the database user store: the account exists, is the same user (same id) and is active. */
export class DatabaseActiveUsers implements ActiveUsers {
  constructor(private readonly users: Pick<UserRepository, 'findByAccount'>) {}

  async isActive(user: AuthenticatedUser): Promise<boolean> {
    const stored = await this.users.findByAccount(user.account);
    return stored !== null && stored.id === user.id && stored.status === 'active';
  }

  async emailOf(user: AuthenticatedUser): Promise<string | null> {
    const stored = await this.users.findByAccount(user.account);
    return stored !== null && stored.id === user.id && stored.status === 'active' ? stored.email : null;
  }
}

import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import type { ActiveUsers } from '../../src/domain/ports/ActiveUsers';

/** ActiveUsers in memory: every user is active until its id is put in `inactive`; records the ids asked about. */
export class SetActiveUsers implements ActiveUsers {
  readonly inactive = new Set<string>();
  readonly asked: string[] = [];

  async isActive(user: AuthenticatedUser): Promise<boolean> {
    this.asked.push(user.id);
    return !this.inactive.has(user.id);
  }
}

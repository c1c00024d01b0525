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

  /** Emails by user id; none unless set. */
  readonly emails = new Map<string, string>();

  async emailOf(user: AuthenticatedUser): Promise<string | null> {
    this.asked.push(user.id);
    return this.inactive.has(user.id) ? null : (this.emails.get(user.id) ?? null);
  }
}

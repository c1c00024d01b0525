import type { ActiveUsers } from '../../domain/ports/ActiveUsers';

/**
 * ActiveUsers of the stub user store: its one demo user is configured, not
 * stored, and cannot be disabled; lock-outs still reach its grants through
 * the not-before that `GrantOwners` checks.
 */
export class StubActiveUsers implements ActiveUsers {
  async isActive(): Promise<boolean> {
    return true;
  }

  /** The demo user has no email address. */
  async emailOf(): Promise<string | null> {
    return null;
  }
}

import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { InvalidGrantError } from '../../domain/grantErrors';
import type { ActiveUsers } from '../../domain/ports/ActiveUsers';
import type { RevocationStore } from '../../domain/ports/RevocationStore';

/**
 * The lock-out rule of every grant that mints (code exchange, refresh): the
 * grant's user must still be active in the user store, and the grant must
 * be younger than the user's not-before (set by disable, passwd, remove and
 * the per-user cap). Asked of the shared store each time, not of a cached
 * view, so a lock-out on one instance holds on every other at once; a store
 * that cannot answer fails the grant (the error propagates: 503).
 */
export class GrantOwners {
  constructor(
    private readonly users: ActiveUsers,
    private readonly revocations: Pick<RevocationStore, 'subjectNotBefore'>,
  ) {}

  /** Throws InvalidGrantError when `user` may no longer receive tokens from a grant made at `grantedAt` (epoch seconds). */
  async assertMayMint(user: AuthenticatedUser, grantedAt: number): Promise<void> {
    const reason = await this.refusal(user, grantedAt);
    if (reason !== null) throw new InvalidGrantError(reason);
  }

  /** Why `user` may no longer receive tokens from a grant made at `grantedAt` (for the log); null when it may. */
  async refusal(user: AuthenticatedUser, grantedAt: number): Promise<string | null> {
    const notBefore = await this.revocations.subjectNotBefore(user.id);
    // Stryker disable next-line ConditionalExpression: `notBefore !== null` made true is equivalent: `grantedAt < null` compares with 0 and no grant predates the epoch
    if (notBefore !== null && grantedAt < notBefore) return 'the user was locked out after the grant';
    if (!(await this.users.isActive(user))) return 'the user is no longer active in the user store';
    return null;
  }
}

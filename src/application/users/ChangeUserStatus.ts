import { ResourceChangedError, UserNotFoundError } from '../../domain/errors';
import type { UserStatus } from '../../domain/model/UserAccount';
import type { Clock } from '@auth-service/client';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { UserRepository, UserVersion } from '../../domain/ports/UserRepository';
import type { RevokeUserTokens } from '../revocation/RevokeUserTokens';

export interface ChangeUserStatusInput {
  readonly account: string;
  readonly status: UserStatus;
  /** The user as the caller read it: changed only if still so, in the same write (else ResourceChangedError). */
  readonly expected?: UserVersion;
}

/**
 * Disables (or re-enables) a user; a disabled user cannot log in, and the
 * tokens it already holds are revoked. Throws UserNotFoundError, and
 * ResourceChangedError when `expected` no longer holds (nothing changed then).
 */
export class ChangeUserStatus {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly revokeUserTokens: Pick<RevokeUserTokens, 'execute'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: ChangeUserStatusInput): Promise<void> {
    if (!(await this.users.setStatus(input.account, input.status, this.clock.now(), input.expected))) {
      // Only a conditional write leaves a user that exists unchanged.
      if ((await this.users.findByAccount(input.account)) !== null) throw new ResourceChangedError(`user ${JSON.stringify(input.account)}`);
      throw new UserNotFoundError(input.account);
    }
    this.trail.record({ type: input.status === 'disabled' ? 'user.locked' : 'user.unlocked', outcome: 'success', account: input.account, details: { status: input.status } });
    if (input.status !== 'disabled') return;
    const user = await this.users.findByAccount(input.account);
    if (user) await this.revokeUserTokens.execute({ subject: user.id });
  }
}

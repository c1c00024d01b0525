import { UserNotFoundError } from '../../domain/errors';
import type { UserStatus } from '../../domain/model/UserAccount';
import type { Clock } from '@auth-service/client';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { RevokeUserTokens } from '../revocation/RevokeUserTokens';

export interface ChangeUserStatusInput {
  readonly account: string;
  readonly status: UserStatus;
}

/**
 * Disables (or re-enables) a user; a disabled user cannot log in, and the
 * tokens it already holds are revoked. Throws UserNotFoundError.
 */
export class ChangeUserStatus {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly revokeUserTokens: Pick<RevokeUserTokens, 'execute'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: ChangeUserStatusInput): Promise<void> {
    if (!(await this.users.setStatus(input.account, input.status, this.clock.now()))) throw new UserNotFoundError(input.account);
    this.trail.record({ type: input.status === 'disabled' ? 'user.locked' : 'user.unlocked', outcome: 'success', account: input.account, details: { status: input.status } });
    if (input.status !== 'disabled') return;
    const user = await this.users.findByAccount(input.account);
    if (user) await this.revokeUserTokens.execute({ subject: user.id });
  }
}

import { UserNotFoundError } from '../../domain/errors';
import type { Clock } from '@auth-service/client';
import type { PasswordHasher } from '../../domain/ports/PasswordHasher';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { UserRepository } from '../../domain/ports/UserRepository';
import { checkNewPassword } from './passwordRule';
import type { RevokeUserTokens } from '../revocation/RevokeUserTokens';

export interface ChangePasswordInput {
  readonly account: string;
  readonly password: string;
}

/**
 * Sets a user's password and revokes the user's earlier tokens (whoever knew
 * the old password may hold one). Throws InvalidRequestError or UserNotFoundError.
 */
export class ChangePassword {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly revokeUserTokens: Pick<RevokeUserTokens, 'execute'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: ChangePasswordInput): Promise<void> {
    checkNewPassword(input.password);
    const user = await this.users.findByAccount(input.account);
    if (!user) throw new UserNotFoundError(input.account);
    await this.users.setPasswordHash(user.account, await this.hasher.hash(input.password), this.clock.now());
    // Said to have changed, never what to or from.
    this.trail.record({ type: 'user.changed', outcome: 'success', account: user.account, details: { subject: user.id, password: 'changed' } });
    await this.revokeUserTokens.execute({ subject: user.id });
  }
}

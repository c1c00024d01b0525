import { UserNotFoundError } from '../../domain/errors';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { RevokeUserTokens } from '../revocation/RevokeUserTokens';

/**
 * The operator's recovery for a user who lost their factors
 * (`users reset-second-factor ACCOUNT`): every factor, pending enrolment and
 * recovery code removed, and the user's sessions and tokens ended as `users
 * passwd` ends them (whoever held the lost factor may hold a session too).
 * Answers how many factors were removed. Throws UserNotFoundError.
 */
export class ResetSecondFactor {
  constructor(
    private readonly users: Pick<UserRepository, 'findByAccount'>,
    private readonly factors: Pick<SecondFactorStore, 'removeAll'>,
    private readonly revokeUserTokens: Pick<RevokeUserTokens, 'execute'>,
  ) {}

  async execute(input: { readonly account: string }): Promise<number> {
    const user = await this.users.findByAccount(input.account);
    if (!user) throw new UserNotFoundError(input.account);
    const removed = await this.factors.removeAll(user.id);
    await this.revokeUserTokens.execute({ subject: user.id });
    return removed;
  }
}

import { UserNotFoundError } from '../../domain/errors';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../domain/ports/UserRepository';
import type { RevokeUserTokens } from '../revocation/RevokeUserTokens';

export interface RemoveUserInput {
  readonly account: string;
}

/** Deletes a user and its second factors, and revokes the tokens it still holds. Throws UserNotFoundError. */
export class RemoveUser {
  constructor(
    private readonly users: UserRepository,
    private readonly revokeUserTokens: Pick<RevokeUserTokens, 'execute'>,
    private readonly factors: Pick<SecondFactorStore, 'removeAll'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RemoveUserInput): Promise<void> {
    const user = await this.users.findByAccount(input.account);
    if (!user) throw new UserNotFoundError(input.account);
    // Revoked first: should the delete fail, the tokens are refused all the same.
    await this.revokeUserTokens.execute({ subject: user.id });
    if (!(await this.users.remove(user.account))) throw new UserNotFoundError(input.account);
    // After the account: a factor outliving a failed delete would be harmless, a user outliving its factors would not.
    await this.factors.removeAll(user.id);
    this.trail.record({ type: 'user.removed', outcome: 'success', account: user.account, details: { subject: user.id } });
  }
}

import { SecondFactorNotFoundError } from '../../domain/accountErrors';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { SecondFactorStore } from '../../domain/ports/SecondFactorStore';
import type { AccountSession } from './OpenAccountSession';

/**
 * Removes one of the user's own factors (a TOTP app, a passkey). Removing the
 * last one removes the recovery codes and any pending enrolment with it:
 * they stand in for a factor the user no longer holds. SecondFactorNotFoundError
 * for a factor that is not the user's.
 */
export class RemoveSecondFactor {
  constructor(
    private readonly factors: Pick<SecondFactorStore, 'listOf' | 'remove' | 'removeAll'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: { readonly session: AccountSession; readonly factorId: string }): Promise<void> {
    const { user } = input.session;
    if (!(await this.factors.remove(user.id, input.factorId))) throw new SecondFactorNotFoundError('no such factor of the user');
    if ((await this.factors.listOf(user.id)).length === 0) await this.factors.removeAll(user.id);
    this.trail.record({ type: 'user.changed', outcome: 'success', account: user.account, details: { subject: user.id, secondFactor: 'removed', factor: input.factorId } });
  }
}

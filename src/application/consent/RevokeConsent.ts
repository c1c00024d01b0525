import { ConsentNotFoundError } from '../../domain/consentErrors';
import { UserNotFoundError } from '../../domain/errors';
import type { ConsentStore } from '../../domain/ports/ConsentStore';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { UserRepository } from '../../domain/ports/UserRepository';

export interface RevokeConsentInput {
  readonly account: string;
  readonly clientId: string;
}

/**
 * Ends a user's consent for one client (`users revoke-consent`): its next
 * authorization request asks again. Tokens already issued live on (RFC 7009
 * revokes those). Throws UserNotFoundError or ConsentNotFoundError.
 */
export class RevokeConsent {
  constructor(
    private readonly users: Pick<UserRepository, 'findByAccount'>,
    private readonly consents: Pick<ConsentStore, 'revoke'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RevokeConsentInput): Promise<void> {
    const user = await this.users.findByAccount(input.account);
    if (!user) throw new UserNotFoundError(input.account);
    if (!(await this.consents.revoke(user.id, input.clientId))) throw new ConsentNotFoundError(input.account, input.clientId);
    this.trail.record({ type: 'consent.revoked', outcome: 'success', account: user.account, client: input.clientId, details: { subject: user.id } });
  }
}

import type { Clock } from '@auth-service/client';
import { ClientNotFoundError } from '../../domain/grantErrors';
import type { AuthorizationCodeStore } from '../../domain/ports/AuthorizationCodeStore';
import type { ConsentStore } from '../../domain/ports/ConsentStore';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { RefreshTokenStore } from '../../domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { RevocationPolicy } from '../../domain/model/RevocationPolicy';

export interface RemoveClientInput {
  readonly id: string;
}

export interface RemoveClientResult {
  /** Refresh-token families of the client deleted. */
  readonly families: number;
  /** Authorization codes of the client deleted. */
  readonly codes: number;
}

/**
 * Removes a stored client and ends what it holds: a client-wide not-before in
 * the shared revocations (every token issued to it until now is refused, by
 * each instance at its next revocation sync and by client services at their
 * next feed read; the next whole second, since iat has second precision), its
 * refresh-token families, its authorization codes and the users' consents to
 * it. Registering the id again revives none of them: the families, codes and
 * consents are gone (a new app under the old id asks every user again) and the
 * not-before outlives every token it covers. Throws ClientNotFoundError.
 */
export class RemoveClient {
  constructor(
    private readonly clients: Pick<OAuthClientStore, 'find' | 'remove'>,
    private readonly revocations: Pick<RevocationStore, 'revokeClient' | 'purge'>,
    private readonly families: Pick<RefreshTokenStore, 'deleteOfClient'>,
    private readonly codes: Pick<AuthorizationCodeStore, 'deleteOfClient'>,
    private readonly consents: Pick<ConsentStore, 'deleteOfClient'>,
    private readonly clock: Clock,
    private readonly policy: Pick<RevocationPolicy, 'maxTokenLifetimeSeconds'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RemoveClientInput): Promise<RemoveClientResult> {
    if ((await this.clients.find(input.id)) === null) throw new ClientNotFoundError(input.id);
    const now = epochSeconds(this.clock.now());
    const notBefore = now + 1;
    // Revoked first, and the grants ended while the client still exists: should a later step fail, its tokens are
    // refused all the same and `clients remove` can be run again.
    await this.revocations.revokeClient(input.id, notBefore, notBefore + this.policy.maxTokenLifetimeSeconds);
    const before = await this.endGrants(input.id);
    await this.clients.remove(input.id);
    // Once more: a token request that authenticated the client just before it was removed may have started a grant meanwhile.
    const after = await this.endGrants(input.id);
    // Writes are rare; clearing out entries that cover no valid token here keeps the table small.
    await this.revocations.purge(now);
    const ended = { families: before.families + after.families, codes: before.codes + after.codes };
    this.trail.record({ type: 'client.removed', outcome: 'success', client: input.id, details: ended });
    return ended;
  }

  private async endGrants(clientId: string): Promise<RemoveClientResult> {
    const families = await this.families.deleteOfClient(clientId);
    const codes = await this.codes.deleteOfClient(clientId);
    await this.consents.deleteOfClient(clientId);
    return { families, codes };
  }
}

import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { ConsentStore } from '../../domain/ports/ConsentStore';
import { epochSeconds } from '../../domain/model/epochSeconds';
import { consentReason, type ConsentReason, type ConsentRequest } from './consentPrompt';

/**
 * The consent step of the authorization endpoint on the shared store: whether
 * the user must approve a request (consentPrompt.ts), and the approval itself,
 * remembered per user, client and scopes so that any instance honours it.
 */
export class ConsentGate {
  constructor(
    private readonly consents: Pick<ConsentStore, 'find' | 'approve'>,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  /** Why `user` must approve `request` of `client`, or null when not (a first-party client is never looked up). */
  async reason(client: OAuthClient, user: AuthenticatedUser, request: ConsentRequest): Promise<ConsentReason | null> {
    if (client.firstParty) return null;
    const approved = await this.consents.find(user.id, client.id);
    return consentReason({ client, request, approved });
  }

  /** Remembers that `user` approved the request's scopes for `client`, beside those approved before. */
  async approve(client: OAuthClient, user: AuthenticatedUser, request: ConsentRequest): Promise<void> {
    await this.consents.approve(user.id, client.id, request.granted.scopes, epochSeconds(this.clock.now()));
    this.trail.record({ type: 'consent.granted', outcome: 'success', account: user.account, client: client.id, details: { subject: user.id, scopes: request.granted.scopes } });
  }
}

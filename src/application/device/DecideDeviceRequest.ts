import type { Clock } from '@auth-service/client';
import { UnknownUserCodeError } from '../../domain/deviceErrors';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { DeviceAuthorizationStore } from '../../domain/ports/DeviceAuthorizationStore';
import type { ConsentGate } from '../consent/ConsentGate';
import type { ConsumedPage, Interactions } from '../interaction/Interactions';

export interface DecideDeviceRequestInput {
  readonly client: OAuthClient;
  /** Normalised, as FindDeviceRequest answered it. */
  readonly userCode: string;
  readonly approve: boolean;
  /** The approval page's uid and the browser's sign-in session. */
  readonly uid: string;
  readonly session: string | null;
}

/**
 * The user's answer on the device approval page: the page is used up under
 * the rule of every interaction page (Interactions: once, in the sign-in
 * session it was shown for, the user and client not locked out since), then
 * the request, still pending, live and of this client, is approved for the
 * signed-in user or denied, in one conditional write (another instance
 * cannot decide it too). An approval is recorded as consent, as the code
 * flow's consent page records it. UnknownUserCodeError otherwise.
 */
export class DecideDeviceRequest {
  constructor(
    private readonly interactions: Pick<Interactions, 'consume'>,
    private readonly store: Pick<DeviceAuthorizationStore, 'findByUserCode' | 'decide'>,
    private readonly consent: Pick<ConsentGate, 'approve'>,
    private readonly clock: Clock,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: DecideDeviceRequestInput): Promise<ConsumedPage> {
    const page = await this.interactions.consume({ uid: input.uid, session: input.session, kind: 'device', clientId: input.client.id });
    const request = await this.store.findByUserCode(input.userCode);
    if (request === null || request.clientId !== input.client.id || request.expiresAt <= epochSeconds(this.clock.now())) throw new UnknownUserCodeError();
    const decided = input.approve
      ? await this.store.decide(input.userCode, { approved: true, approval: { user: page.user, authTime: page.authTime, ...(page.authentication === undefined ? {} : { authentication: page.authentication }) } })
      : await this.store.decide(input.userCode, { approved: false });
    if (!decided) throw new UnknownUserCodeError();
    if (input.approve) await this.consent.approve(input.client, page.user, { granted: request.granted });
    this.trail.record({
      type: input.approve ? 'device.approved' : 'device.denied',
      outcome: 'success',
      account: page.user.account,
      client: input.client.id,
      details: { subject: page.user.id, scopes: request.granted.scopes },
    });
    return page;
  }
}

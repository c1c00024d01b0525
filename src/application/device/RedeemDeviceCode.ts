import { ClientUnauthorizedError } from '../../domain/errors';
import { AuthorizationPendingError, DeviceAccessDeniedError, DeviceCodeExpiredError, SlowDownError } from '../../domain/deviceErrors';
import { InvalidGrantError } from '../../domain/grantErrors';
import { SLOW_DOWN_STEP_SECONDS, type DeviceAuthorization } from '../../domain/model/DeviceAuthorization';
import { accessStillRegistered } from '../../domain/model/GrantedAccess';
import { grantsOpenId } from '../../domain/model/OpenIdScope';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { DeviceAuthorizationStore } from '../../domain/ports/DeviceAuthorizationStore';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { GrantOwners } from '../oauth/GrantOwners';
import type { RefreshTokenFamilies } from '../oauth/RefreshTokenFamilies';
import type { TokenGrantResult } from '../oauth/TokenGrantResult';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { IdTokenIssuer } from '../tokens/IdTokenIssuer';

export interface RedeemDeviceCodeInput {
  readonly deviceCode: string;
  /** The client the token endpoint authenticated; a device code needs one. */
  readonly client: AuthenticatedClient | null;
  /** The thumbprint of the request's DPoP key; absent without a proof. */
  readonly dpopJkt?: string;
}

/**
 * The device_code grant (RFC 8628 §3.4-3.5): the device polls with its code.
 * Another client's or an unknown code is invalid_grant; past its time
 * `expired_token`; while the user has not decided, a poll sooner than the
 * interval after the previous one is `slow_down` (the interval grows by 5 s
 * and is kept), otherwise `authorization_pending`; a denial `access_denied`.
 * An approved code is removed in one conditional statement, so it yields one
 * token set across instances; then the lock-out rules: the client not
 * removed or registered anew since the code was made, the user still active
 * and not locked out since signing in (GrantOwners). Tokens are the code
 * flow's: access (DPoP-bound with a proof), an ID token with `openid`, and a
 * refresh token when the client is registered for refresh_token.
 */
export class RedeemDeviceCode {
  constructor(
    private readonly store: Pick<DeviceAuthorizationStore, 'findByDeviceCode' | 'recordPoll' | 'redeem'>,
    private readonly families: Pick<RefreshTokenFamilies, 'now' | 'start'>,
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser' | 'ttlSeconds'>,
    private readonly owners: Pick<GrantOwners, 'assertMayMint'>,
    private readonly idTokens: Pick<IdTokenIssuer, 'issue'>,
    private readonly revocations: Pick<RevocationStore, 'clientNotBefore'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(input: RedeemDeviceCodeInput): Promise<TokenGrantResult> {
    if (input.client === null) throw new ClientUnauthorizedError();
    const client = input.client;
    const request = await this.store.findByDeviceCode(input.deviceCode);
    if (request === null || request.clientId !== client.id) throw new InvalidGrantError('unknown device code');
    const now = this.families.now();
    if (now >= request.expiresAt) throw new DeviceCodeExpiredError();
    if (request.decision === 'pending') return this.pending(input.deviceCode, request, now);
    if (request.decision === 'denied') throw new DeviceAccessDeniedError();
    // One conditional removal: of two polls with this code, on any instance, exactly one gets the tokens.
    if (!(await this.store.redeem(input.deviceCode))) throw new InvalidGrantError('device code redeemed before');
    // A client removed (or registered anew under its id) since the code was made gets nothing from it.
    if (request.createdAt < ((await this.revocations.clientNotBefore(client.id)) ?? 0)) throw new InvalidGrantError('the client changed after the device code was made');
    const approval = request.approval!;
    await this.owners.assertMayMint(approval.user, approval.authTime);
    const access = accessStillRegistered(request.granted, client);
    const { authentication } = approval;
    const issued = await this.tokens.forUser(approval.user, { clientId: client.id, access, signIn: { authTime: approval.authTime, authentication } }, input.dpopJkt ?? null);
    const idToken = grantsOpenId(access.scopes)
      ? await this.idTokens.issue({ subject: approval.user.id, clientId: client.id, authTime: approval.authTime, authentication, accessToken: issued.token })
      : undefined;
    // As the code flow: a public client's family is bound to the DPoP key, a confidential one's by its secret.
    const refreshToken = client.grants.includes('refresh_token')
      ? await this.families.start(approval.user, client.id, request.granted, issued, undefined, approval.authTime, undefined, authentication, client.confidential ? undefined : input.dpopJkt)
      : undefined;
    this.trail.record({
      type: 'token.issued',
      outcome: 'success',
      account: approval.user.account,
      client: client.id,
      details: { grant: 'device_code', subject: approval.user.id, scopes: access.scopes },
    });
    return {
      accessToken: issued.token,
      expiresInSeconds: this.tokens.ttlSeconds,
      scopes: access.scopes,
      ...(refreshToken === undefined ? {} : { refreshToken }),
      ...(idToken === undefined ? {} : { idToken }),
    };
  }

  /** Still waiting for the user: slow_down when polled too soon (the longer interval kept), else authorization_pending. */
  private async pending(deviceCode: string, request: DeviceAuthorization, now: number): Promise<never> {
    // Stryker disable next-line ConditionalExpression: `lastPolledAt !== null` made true is equivalent: `now - null` is now, never under an interval
    if (request.lastPolledAt !== null && now - request.lastPolledAt < request.interval) {
      const interval = request.interval + SLOW_DOWN_STEP_SECONDS;
      await this.store.recordPoll(deviceCode, now, interval);
      throw new SlowDownError(interval);
    }
    await this.store.recordPoll(deviceCode, now, request.interval);
    throw new AuthorizationPendingError();
  }
}

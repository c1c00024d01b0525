import type { Clock } from '@auth-service/client';
import { TooManyUserCodeAttemptsError, UnknownUserCodeError } from '../../domain/deviceErrors';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { GrantedAccess } from '../../domain/model/GrantedAccess';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import { normalizeUserCode } from '../../domain/model/UserCode';
import type { AttemptLimiter, AttemptReservation } from '../../domain/ports/AttemptLimiter';
import type { DeviceAuthorizationStore } from '../../domain/ports/DeviceAuthorizationStore';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';

/** The one key every wrong user code counts against, whoever sends it. */
export const ALL_USER_CODE_GUESSES = 'device-user-code:all';

export interface FindDeviceRequestInput {
  /** As typed: any case, with or without the dash or spaces. */
  readonly userCode: string;
  /** The browser's address (AUTH_TRUST_PROXY honoured); absent when unknown. */
  readonly address?: string;
}

/** A live, undecided device request: what the approval page shows. */
export interface DeviceRequestShown {
  /** Normalised. */
  readonly userCode: string;
  readonly client: OAuthClient;
  readonly granted: GrantedAccess;
}

/**
 * The user code typed on the device page, under the guessing limits in the
 * shared store: per address and over all addresses, each attempt counted
 * before the lookup and given back when the code was right (RFC 8628 §5.1:
 * brute force of the user code). A code unknown, expired, already decided
 * or of a removed client is UnknownUserCodeError, past the limits
 * TooManyUserCodeAttemptsError.
 */
export class FindDeviceRequest {
  constructor(
    private readonly store: Pick<DeviceAuthorizationStore, 'findByUserCode'>,
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly perAddress: AttemptLimiter,
    private readonly overall: AttemptLimiter,
    private readonly clock: Clock,
  ) {}

  async execute(input: FindDeviceRequestInput): Promise<DeviceRequestShown> {
    const local = await this.perAddress.reserve([`address:${input.address ?? 'unknown'}`]);
    if (local.retryAfterSeconds !== null) throw new TooManyUserCodeAttemptsError(local.retryAfterSeconds);
    const global = await this.overall.reserve([ALL_USER_CODE_GUESSES]);
    if (global.retryAfterSeconds !== null) {
      // Not evaluated: this address's count is given back, the refusal is everyone's.
      await local.succeeded();
      throw new TooManyUserCodeAttemptsError(global.retryAfterSeconds);
    }
    const found = await this.lookUp(input.userCode);
    if (found === null) {
      await settle([local, global], false);
      throw new UnknownUserCodeError();
    }
    await settle([local, global], true);
    return found;
  }

  private async lookUp(typed: string): Promise<DeviceRequestShown | null> {
    const userCode = normalizeUserCode(typed);
    if (userCode === null) return null;
    const request = await this.store.findByUserCode(userCode);
    if (request === null || request.decision !== 'pending' || request.expiresAt <= epochSeconds(this.clock.now())) return null;
    const client = await this.clients.find(request.clientId);
    return client === null ? null : { userCode, client, granted: request.granted };
  }
}

async function settle(reservations: readonly AttemptReservation[], right: boolean): Promise<void> {
  for (const reservation of reservations) await (right ? reservation.succeeded() : reservation.failed());
}

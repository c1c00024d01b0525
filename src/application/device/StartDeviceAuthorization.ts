import type { Clock } from '@auth-service/client';
import { ClientUnauthorizedError } from '../../domain/errors';
import { UserCodeUnavailableError } from '../../domain/deviceErrors';
import { adminScopesWithheld } from '../../domain/model/AdminScope';
import { DEVICE_CODE_GRANT, DEVICE_CODE_SECONDS, DEVICE_POLL_INTERVAL_SECONDS } from '../../domain/model/DeviceAuthorization';
import { epochSeconds } from '../../domain/model/epochSeconds';
import { accessWithin, type RequestedAccess } from '../../domain/model/GrantedAccess';
import { formatUserCode } from '../../domain/model/UserCode';
import type { DeviceAuthorizationStore } from '../../domain/ports/DeviceAuthorizationStore';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { UserCodeGenerator } from '../../domain/ports/UserCodeGenerator';
import { assertGrantAllowed, type AuthenticatedClient } from '../clients/AuthenticateClient';

/** How many user codes are drawn before giving up: with 20^8 codes, one taken twice in a row means something is wrong. */
export const USER_CODE_TRIES = 3;

export interface StartDeviceAuthorizationInput {
  /** The client as the endpoint authenticated it (as at the token endpoint); null when none was named. */
  readonly client: AuthenticatedClient | null;
  /** `scope` and `resource` of the request; none named: all that is registered (as the code flow). */
  readonly requested: RequestedAccess;
}

export interface StartDeviceAuthorizationResult {
  readonly deviceCode: string;
  /** As shown: `XXXX-XXXX`. */
  readonly userCode: string;
  readonly expiresIn: number;
  readonly interval: number;
}

/**
 * RFC 8628 §3.1-3.2: a client registered for the device grant asks; what it is
 * granted is worked out as the authorization endpoint does (its registration,
 * admin scopes withheld), then a device code (high entropy) and a user code
 * (easy to type) are kept in the shared store. A user code already live is
 * drawn again, a few times, then UserCodeUnavailableError (503, never 500).
 */
export class StartDeviceAuthorization {
  constructor(
    private readonly store: Pick<DeviceAuthorizationStore, 'add' | 'purge'>,
    private readonly secrets: SecretGenerator,
    private readonly userCodes: UserCodeGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartDeviceAuthorizationInput): Promise<StartDeviceAuthorizationResult> {
    // RFC 8628 §3.1: the client is identified (a public one by its client_id).
    if (input.client === null) throw new ClientUnauthorizedError();
    assertGrantAllowed(input.client, DEVICE_CODE_GRANT);
    const granted = accessWithin(adminScopesWithheld(input.client), input.requested);
    const now = epochSeconds(this.clock.now());
    // Expired codes hold no user code: cleared out first, so only live ones collide.
    await this.store.purge(now);
    const deviceCode = this.secrets.next();
    for (let tries = 0; tries < USER_CODE_TRIES; tries++) {
      const userCode = this.userCodes.next();
      const added = await this.store.add({
        deviceCode,
        userCode,
        clientId: input.client.id,
        granted,
        createdAt: now,
        expiresAt: now + DEVICE_CODE_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
        lastPolledAt: null,
        decision: 'pending',
      });
      if (added) return { deviceCode, userCode: formatUserCode(userCode), expiresIn: DEVICE_CODE_SECONDS, interval: DEVICE_POLL_INTERVAL_SECONDS };
    }
    throw new UserCodeUnavailableError();
  }
}

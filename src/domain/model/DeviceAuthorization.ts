import type { AuthenticatedUser } from './AuthenticatedUser';
import type { Authentication } from './AuthenticationLevel';
import type { GrantedAccess } from './GrantedAccess';

/** RFC 8628 §3.4: the grant type a device polls the token endpoint with. */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** How long a device code and its user code may be used (RFC 8628 §3.2 `expires_in`): time to find a phone and sign in. */
export const DEVICE_CODE_SECONDS = 600;

/** RFC 8628 §3.2 `interval`: the seconds a device waits between polls at first. */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;

/** RFC 8628 §3.5: each `slow_down` makes the interval this much longer. */
export const SLOW_DOWN_STEP_SECONDS = 5;

/**
 * What the user approved or denied (`pending` until then); `approved` ones
 * are redeemed once and then gone.
 */
export type DeviceDecision = 'pending' | 'approved' | 'denied';

/** The user's side of an approved device code: who, when they signed in, what the sign-in proved. */
export interface DeviceApproval {
  readonly user: AuthenticatedUser;
  /** Epoch seconds: when the user signed in (OpenID Connect `auth_time`). */
  readonly authTime: number;
  readonly authentication?: Authentication;
}

/**
 * A device authorization request (RFC 8628 §3.1-3.2) as the shared store keeps
 * it: any instance answers the device's polls and the user's approval page.
 */
export interface DeviceAuthorization {
  /** High entropy; the store keeps its digest only. */
  readonly deviceCode: string;
  /** Normalised: eight letters of USER_CODE_ALPHABET, no dash. */
  readonly userCode: string;
  readonly clientId: string;
  /** What the user is asked to grant (the request's scopes and resources within the registration). */
  readonly granted: GrantedAccess;
  /** Epoch seconds. */
  readonly createdAt: number;
  /** Epoch seconds: refused from then on (`expired_token`). */
  readonly expiresAt: number;
  /** Seconds a device must wait between polls; grows with every `slow_down`. */
  readonly interval: number;
  /** Epoch seconds of the last poll; null before the first. */
  readonly lastPolledAt: number | null;
  readonly decision: DeviceDecision;
  /** Present once approved. */
  readonly approval?: DeviceApproval;
}

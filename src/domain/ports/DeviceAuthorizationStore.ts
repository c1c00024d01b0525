import type { DeviceApproval, DeviceAuthorization } from '../model/DeviceAuthorization';

/**
 * Device authorization requests (RFC 8628) in the shared store: started at one
 * instance, approved and polled at any. Each change that must happen once is
 * one conditional statement, so racing instances cannot both make it.
 */
export interface DeviceAuthorizationStore {
  /** Adds it unless a live request holds the same user code: false then (nothing written). */
  add(request: DeviceAuthorization): Promise<boolean>;
  findByDeviceCode(deviceCode: string): Promise<DeviceAuthorization | null>;
  /** The request of a normalised user code; null when none. Expiry is the caller's to judge. */
  findByUserCode(userCode: string): Promise<DeviceAuthorization | null>;
  /** Records a poll at `at`, with the interval from now on. */
  recordPoll(deviceCode: string, at: number, interval: number): Promise<void>;
  /** Approves or denies a pending request; false when it was no longer pending (decided at another instance). */
  decide(userCode: string, decision: { readonly approved: true; readonly approval: DeviceApproval } | { readonly approved: false }): Promise<boolean>;
  /** Removes an approved request, once: true for the one caller whose removal it was. */
  redeem(deviceCode: string): Promise<boolean>;
  /** Removes the requests expired by `now`; how many. */
  purge(now: number): Promise<number>;
}

import type { PushedAuthorizationRequest } from '../model/PushedAuthorizationRequest';

/** Pushed authorization requests (RFC 9126) in the shared store: pushed at one instance, used once at any. */
export interface PushedRequestStore {
  add(request: PushedAuthorizationRequest): Promise<void>;
  /**
   * The request `requestUri` names when `clientId` pushed it, removed in the same step so that of callers racing
   * on any instances only one gets it; null when unknown, already taken or another client's (then left in place).
   * Expiry is the caller's to judge.
   */
  take(requestUri: string, clientId: string): Promise<PushedAuthorizationRequest | null>;
  /** Removes the requests expired by `now`; how many. */
  purge(now: number): Promise<number>;
}

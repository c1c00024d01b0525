/** What a user approved for one client: the scopes, sorted. */
export interface Consent {
  readonly clientId: string;
  readonly scopes: readonly string[];
}

/**
 * The user's approvals of third-party clients in the shared store (every
 * instance honours an approval given at another), found by user and by
 * client so that a lock-out or a client's removal ends them in one place.
 * An approval is per user and client and covers the union of the scopes
 * approved; a client approved for no scope at all still has its consent.
 */
export interface ConsentStore {
  /** The scopes the user approved for the client; null when the user never approved it (or the consent ended). */
  find(subject: string, clientId: string): Promise<readonly string[] | null>;
  /** Records the approval of `scopes` for the client, beside those approved before; at `now` (epoch seconds). */
  approve(subject: string, clientId: string, scopes: readonly string[], now: number): Promise<void>;
  /** Every consent of the user, by client id. */
  listOfSubject(subject: string): Promise<readonly Consent[]>;
  /** Ends the user's consent for the client; false when there was none. */
  revoke(subject: string, clientId: string): Promise<boolean>;
  /** Ends every consent of the user (disable, passwd, remove). */
  revokeSubject(subject: string, now: number): Promise<void>;
  /** Ends every consent given to the client (`clients remove`); returns for how many users. */
  deleteOfClient(clientId: string): Promise<number>;
}

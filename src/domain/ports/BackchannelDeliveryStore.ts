/** A logout token to deliver to a client (Back-Channel Logout 1.0 §2.5): whom and which session it ends. */
export interface BackchannelDelivery {
  readonly id: string;
  readonly clientId: string;
  /** The user's id: the token's `sub`. */
  readonly subject: string;
  /** The ended session's `sid`; null when the end is of the user, not of one session. */
  readonly sid: string | null;
  /** How often it was tried (claimed) so far. */
  readonly attempts: number;
  /** Epoch seconds: due from then. */
  readonly dueAt: number;
}

/**
 * The queue of logout tokens in the shared store: any process enqueues (a
 * sign-out on one instance, `users disable` in the CLI), every instance's
 * worker delivers. A claim is one conditional write, so one sender gets each.
 */
export interface BackchannelDeliveryStore {
  enqueue(deliveries: readonly BackchannelDelivery[]): Promise<void>;
  /** Up to `limit` deliveries due at `now`, earliest first. */
  due(now: number, limit: number): Promise<readonly BackchannelDelivery[]>;
  /**
   * Takes the delivery for one attempt if nobody else did since it was read
   * (same attempts and due time): counts the attempt and moves it to `leaseUntil`,
   * when another instance may retry it should this one die. True when taken.
   */
  claim(delivery: BackchannelDelivery, leaseUntil: number): Promise<boolean>;
  /** Due again at `dueAt` (a failed attempt's retry). */
  retryAt(id: string, dueAt: number): Promise<void>;
  /** Delivered, given up or pointless: deleted. */
  remove(id: string): Promise<void>;
}

import type { Clock } from '@auth-service/client';
import type { BackchannelDelivery, BackchannelDeliveryStore } from '../../domain/ports/BackchannelDeliveryStore';
import type { LogoutTokenSender } from '../../domain/ports/LogoutTokenSender';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import { epochSeconds } from '../../domain/model/epochSeconds';
import type { LogoutTokenIssuer } from '../tokens/LogoutTokenIssuer';

export interface DeliveryPolicy {
  /** How many due deliveries one round takes. */
  readonly batch: number;
  /** How long a claimed delivery is this sender's: past it another instance retries (longer than a send's timeout). */
  readonly leaseSeconds: number;
  /** The wait after each failed attempt; once they are used up the delivery is given up. */
  readonly retryDelaysSeconds: readonly number[];
}

/** What became of one attempt, for the log (never the token). */
export interface DeliveryOutcome {
  readonly outcome: 'delivered' | 'retry' | 'gaveUp' | 'dropped';
  readonly clientId: string;
  readonly attempts: number;
  /** Why it failed or was dropped; absent when delivered. */
  readonly reason?: string;
}

/**
 * One round of the back-channel logout worker, run every second or so by
 * every instance: takes the due deliveries, claims each (one instance wins
 * it), builds a fresh logout token and sends it. A delivery that fails is
 * due again after the policy's next delay, from any instance, until the
 * delays are used up; one whose client was removed or no longer takes
 * logout tokens is dropped.
 */
export class DeliverBackchannelLogouts {
  constructor(
    private readonly queue: BackchannelDeliveryStore,
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly tokens: Pick<LogoutTokenIssuer, 'issue'>,
    private readonly sender: LogoutTokenSender,
    private readonly clock: Clock,
    private readonly policy: DeliveryPolicy,
    private readonly observe: (outcome: DeliveryOutcome) => void,
  ) {}

  async execute(): Promise<void> {
    const now = this.now();
    const due = await this.queue.due(now, this.policy.batch);
    // In parallel: one slow client does not hold up the others' tokens.
    await Promise.all(due.map((delivery) => this.deliver(delivery, now)));
  }

  private async deliver(delivery: BackchannelDelivery, now: number): Promise<void> {
    if (!(await this.queue.claim(delivery, now + this.policy.leaseSeconds))) return;
    const attempts = delivery.attempts + 1;
    const { clientId } = delivery;
    const uri = (await this.clients.find(clientId))?.backchannelLogoutUri;
    if (uri === undefined) return this.drop(delivery.id, { outcome: 'dropped', clientId, attempts, reason: 'client takes no logout tokens' });
    const token = await this.tokens.issue(delivery);
    if (token === null) return this.drop(delivery.id, { outcome: 'dropped', clientId, attempts, reason: 'no asymmetric signing key' });
    const failure = await this.sender.send(uri, token);
    if (failure === null) return this.drop(delivery.id, { outcome: 'delivered', clientId, attempts });
    if (attempts > this.policy.retryDelaysSeconds.length) {
      await this.drop(delivery.id, { outcome: 'gaveUp', clientId, attempts, reason: failure });
    } else {
      await this.queue.retryAt(delivery.id, this.now() + this.policy.retryDelaysSeconds[attempts - 1]);
      this.observe({ outcome: 'retry', clientId, attempts, reason: failure });
    }
  }

  /** Delivered, given up or pointless: off the queue. */
  private async drop(id: string, outcome: DeliveryOutcome): Promise<void> {
    await this.queue.remove(id);
    this.observe(outcome);
  }

  private now(): number {
    return epochSeconds(this.clock.now());
  }
}

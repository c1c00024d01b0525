import { verificationKeyOf, type KeyRing } from '../../domain/model/KeyRing';
import { PUBLISHED_STATES } from '../../domain/model/KeyState';
import type { Clock } from '@auth-service/client';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import type { KeyRotationPolicy } from './KeyRotationPolicy';
import type { RotateSigningKey } from './RotateSigningKey';

export interface SyncSigningKeysResult {
  readonly activeKid: string | null;
  readonly publishedKids: readonly string[];
  readonly promoted: boolean;
  readonly retired: number;
  readonly rotationStarted: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every instance runs this on a short poll: apply the transitions that are due
 * (next → active, retiring → retired, automatic rotation), then load the store's
 * keys into memory. Any instance may do a transition; the store makes sure it
 * happens once, and all instances converge on the store's state.
 */
export class SyncSigningKeys {
  constructor(
    private readonly store: KeyLifecycleStore,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly rotate: RotateSigningKey,
    private readonly policy: KeyRotationPolicy,
  ) {}

  async execute(): Promise<SyncSigningKeysResult> {
    const now = this.clock.now();
    const retired = await this.store.retireExpiredKeys(this.policy.method, now);
    const promoted = await this.store.promoteDueNextKey(
      this.policy.method,
      now,
      new Date(now.getTime() + this.policy.retireAfterSeconds * 1000),
    );
    const rotationStarted = (await this.rotationDue(now)) ? (await this.rotate.execute()).created : false;
    return { ...(await this.reload()), promoted, retired, rotationStarted };
  }

  /** Loads the store's active and published keys into the ring. */
  async reload(): Promise<Pick<SyncSigningKeysResult, 'activeKid' | 'publishedKids'>> {
    const keys = await this.store.listKeys(this.policy.method);
    const active = keys.find((key) => key.state === 'active');
    const published = keys.filter((key) => PUBLISHED_STATES.includes(key.state));
    if (active && active.alg === this.policy.alg) {
      this.ring.activate(active, published.filter((key) => key.kid !== active.kid).map(verificationKeyOf));
    }
    return { activeKid: active?.kid ?? null, publishedKids: published.map((key) => key.kid) };
  }

  private async rotationDue(now: Date): Promise<boolean> {
    if (this.policy.rotationDays <= 0) return false;
    const keys = await this.store.listKeys(this.policy.method);
    if (keys.some((key) => key.state === 'next')) return false;
    const active = keys.find((key) => key.state === 'active');
    if (!active) return false;
    const since = (active.activatedAt ?? active.createdAt).getTime();
    return now.getTime() - since >= this.policy.rotationDays * DAY_MS;
  }
}

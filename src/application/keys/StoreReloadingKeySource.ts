import type { Clock, VerificationKey, VerificationKeySource } from '@auth-service/client';
import type { KeyRing } from '../../domain/model/KeyRing';

/** Least time between two reloads caused by unknown kids: a flood of forged kids costs one query a second. */
export const UNKNOWN_KID_RELOAD_COOLDOWN_MS = 1000;

/**
 * The keys an instance verifies with: its ring in memory, reloaded from the
 * shared store when a token names a kid the ring does not hold. Another
 * instance may have promoted or published a key (or an emergency key after a
 * revoke) since this one last synced, and its tokens must not be refused — nor
 * taken for unknown tokens at the revocation endpoint — until the next sync.
 */
export class StoreReloadingKeySource implements VerificationKeySource {
  private lastReloadAt: number | null = null;
  /** The reload under way: every unknown kid seen meanwhile waits for it instead of starting another. */
  private reloading: Promise<unknown> | null = null;

  constructor(
    private readonly ring: KeyRing,
    private readonly reload: () => Promise<unknown>,
    private readonly clock: Clock,
    private readonly cooldownMs: number = UNKNOWN_KID_RELOAD_COOLDOWN_MS,
  ) {}

  keyFor(kid: string | undefined): VerificationKey | undefined {
    return this.ring.keyFor(kid);
  }

  hasAnyKey(): boolean {
    return this.ring.hasAnyKey();
  }

  async refreshForUnknownKid(kid: string): Promise<boolean> {
    if (this.ring.keyFor(kid)) return true;
    await this.reloadUnlessCooling();
    return this.ring.keyFor(kid) !== undefined;
  }

  /** Reloads, or joins the reload under way; within the cooldown of the last reload's start, does nothing. */
  private async reloadUnlessCooling(): Promise<void> {
    if (!this.reloading) {
      const now = this.clock.now().getTime();
      if (this.lastReloadAt !== null && now - this.lastReloadAt < this.cooldownMs) return;
      this.lastReloadAt = now;
      this.reloading = this.reload().finally(() => {
        this.reloading = null;
      });
    }
    await this.reloading;
  }
}

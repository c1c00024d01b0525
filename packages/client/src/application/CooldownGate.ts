import type { Clock } from '../domain/ports/Clock';

/**
 * Lets an action run at most once per cooldown, however many callers ask: the
 * first caller after the cooldown starts it, callers during the run share it,
 * and callers after it (within the cooldown) are turned away at once. For
 * refetches caused by tokens with unknown kids, so a flood costs one fetch.
 */
export class CooldownGate {
  private lastStartedAt: number | null = null;
  private running: Promise<unknown> | null = null;
  private started = 0;

  constructor(
    private readonly clock: Clock,
    private readonly cooldownMs: number,
  ) {}

  /** Runs (or joins) the action; false when it was turned away by the cooldown. */
  async pass(action: () => Promise<unknown>): Promise<boolean> {
    if (!this.running) {
      const now = this.clock.now().getTime();
      if (this.lastStartedAt !== null && now - this.lastStartedAt < this.cooldownMs) return false;
      this.lastStartedAt = now;
      this.started++;
      this.running = action().finally(() => {
        this.running = null;
      });
    }
    await this.running;
    return true;
  }

  /** How many times the action has been started. */
  get runs(): number {
    return this.started;
  }
}

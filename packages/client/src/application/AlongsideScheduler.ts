import type { Scheduler } from '../domain/ports/Scheduler';

/**
 * A Scheduler that runs extra tasks on every tick of another one, and once at
 * start: the client's revocation feed rides the key refresh schedule, so both
 * are fetched together and a host starts and stops one schedule.
 */
export class AlongsideScheduler implements Scheduler {
  constructor(
    private readonly inner: Scheduler,
    private readonly alongside: ReadonlyArray<() => Promise<unknown>>,
  ) {}

  start(task: () => Promise<unknown>): void {
    this.inner.start(() => Promise.all([task(), ...this.alongside.map((extra) => extra())]));
    // The key fetch at start is the caller's; the extras get theirs here.
    for (const extra of this.alongside) void extra();
  }

  stop(): Promise<void> {
    return this.inner.stop();
  }

  nextRunAt(): Date | null {
    return this.inner.nextRunAt();
  }
}

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

  /** The extras' first runs, settled: start-up waits for them (a client knows its revocations before it serves). */
  start(task: () => Promise<unknown>): Promise<unknown> {
    this.inner.start(() => Promise.all([task(), ...this.alongside.map((extra) => extra())]));
    // The key fetch at start is the caller's; the extras get theirs here.
    return Promise.allSettled(this.alongside.map((extra) => extra()));
  }

  stop(): Promise<void> {
    return this.inner.stop();
  }

  nextRunAt(): Date | null {
    return this.inner.nextRunAt();
  }
}

import type { Scheduler } from '../../src/index';

/** A schedule that runs only when the test calls tick(). */
export class ManualScheduler implements Scheduler {
  private task: (() => Promise<unknown>) | null = null;
  starts = 0;

  constructor(private readonly next: Date = new Date('2026-01-01T00:01:00Z')) {}

  start(task: () => Promise<unknown>): void {
    this.starts++;
    this.task = task;
  }

  async stop(): Promise<void> {
    this.task = null;
  }

  nextRunAt(): Date | null {
    return this.task ? this.next : null;
  }

  get running(): boolean {
    return this.task !== null;
  }

  async tick(): Promise<unknown> {
    if (!this.task) throw new Error('the schedule is not running');
    return this.task();
  }
}

import type { Schedule } from '../../src/infrastructure/limits/PendingGiveBacks';

/** One-shot timers (a Schedule) the test runs by hand: what was scheduled, after how long, and whether it was cancelled. */
export class ManualTimeouts {
  readonly scheduled: { ms: number; work: () => void; cancelled: boolean }[] = [];

  readonly schedule: Schedule = (work, ms) => {
    const entry = { ms, work, cancelled: false };
    this.scheduled.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };

  /** Runs every scheduled work not cancelled. */
  runDue(): void {
    this.scheduled.filter((entry) => !entry.cancelled).forEach((entry) => entry.work());
  }
}

import type { CronJob } from 'cron';

/** `cron` (and luxon) loaded when a schedule is checked or started, not when the package is required. */
function cron(): typeof import('cron') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('cron') as typeof import('cron');
}
import type { Scheduler } from '../../domain/ports/Scheduler';

/**
 * Runs the key refresh on a cron schedule with the `cron` package (six fields,
 * seconds first: `0 *\/1 * * * *` is every minute). A tick that finds the last
 * one still running is skipped, on top of the provider's own single flight.
 */
export class CronRefreshScheduler implements Scheduler {
  private job: CronJob | null = null;
  private readonly cronTime: string;

  constructor(expression: string) {
    this.cronTime = normalizeCron(expression);
    const problem = cronProblem(this.cronTime);
    if (problem) throw new RangeError(problem);
  }

  start(task: () => Promise<unknown>): void {
    if (this.job) return;
    this.job = cron().CronJob.from({
      cronTime: this.cronTime,
      onTick: async () => {
        await task();
      },
      start: true,
      waitForCompletion: true,
      // The schedule alone never keeps a process alive; the HTTP server does.
      unrefTimeout: true,
      // The task reports its own failures; this only keeps a bug from crashing the process.
      errorHandler: () => undefined,
    });
  }

  async stop(): Promise<void> {
    const job = this.job;
    this.job = null;
    // Not awaited: a tick in flight ends on its own fetch timeout.
    void job?.stop();
  }

  nextRunAt(): Date | null {
    return this.job ? this.job.nextDate().toJSDate() : null;
  }
}

/** Spring's "no specific value" `?` (the seed wrote `0 0/1 * * * ?`) means `*` here. */
export function normalizeCron(expression: string): string {
  return expression.trim().replace(/\?/g, '*');
}

/** Why a cron expression is unusable, or null when it is fine. */
export function cronProblem(expression: string): string | null {
  const result = cron().validateCronExpression(normalizeCron(expression));
  if (result.valid) return null;
  // Stryker disable next-line StringLiteral: unreachable fallback, cron reports every invalid expression with an Error
  const reason = result.error instanceof Error ? result.error.message : 'cannot be parsed';
  return `${JSON.stringify(expression)} is not a cron expression (${reason})`;
}

import type { Clock } from '@auth-service/client';

/** Why events left the trail unwritten: the queue was full, the store refused them, stamping one failed, or the trail was closed. */
export type AuditDropReason = 'queue_full' | 'store_failed' | 'error' | 'closed';

export const AUDIT_DROP_REASONS: readonly AuditDropReason[] = ['queue_full', 'store_failed', 'error', 'closed'];

export interface DropLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** At most one warning in this long, however many events are dropped meanwhile. */
const LOG_EVERY_MS = 60_000;

/**
 * Counts every dropped event (the metric) and logs them at most once a
 * minute, with how many since the last line; never an event's content.
 */
export class DropReport {
  private unlogged = new Map<AuditDropReason, number>();
  private lastLogAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly log: DropLog,
    private readonly clock: Clock,
    private readonly count: (reason: AuditDropReason, events: number) => void,
  ) {}

  /** Never throws: it is called where recording must not fail. */
  dropped(reason: AuditDropReason, events: number, cause?: unknown): void {
    try {
      this.report(reason, events, cause);
    } catch {
      // A metric or a log that fails has nothing left to tell.
    }
  }

  private report(reason: AuditDropReason, events: number, cause: unknown): void {
    this.count(reason, events);
    this.unlogged.set(reason, (this.unlogged.get(reason) ?? 0) + events);
    const now = this.clock.now().getTime();
    if (now - this.lastLogAt < LOG_EVERY_MS) return;
    this.lastLogAt = now;
    const dropped = Object.fromEntries(this.unlogged);
    this.unlogged = new Map();
    // The error's kind and code only: a driver's message may quote the values it refused.
    const error = cause instanceof Error ? { error: cause.name, code: (cause as { code?: unknown }).code } : {};
    this.log.warn({ dropped, ...error }, 'audit events dropped: the trail could not keep up or the store refused them');
  }
}

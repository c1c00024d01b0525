import type { Clock } from '@auth-service/client';
import type { AuditEventStore } from '../../domain/ports/AuditEventStore';

const DAY_MS = 86_400_000;

export interface PurgeAuditEventsResult {
  /** Events older than this are gone. */
  readonly before: Date;
  readonly purged: number;
}

/** Removes the events older than the retention (AUTH_EVENT_RETENTION_DAYS) from the shared trail. */
export class PurgeAuditEvents {
  constructor(
    private readonly events: AuditEventStore,
    private readonly clock: Clock,
    private readonly retentionDays: number,
  ) {}

  async execute(): Promise<PurgeAuditEventsResult> {
    const before = new Date(this.clock.now().getTime() - this.retentionDays * DAY_MS);
    return { before, purged: await this.events.purgeBefore(before) };
  }
}

import type { AuditEventPage, AuditEventQuery, AuditEventStore } from '../../domain/ports/AuditEventStore';

export type ListAuditEventsInput = AuditEventQuery;
export type ListAuditEventsResult = AuditEventPage;

/** The audit trail, newest first, narrowed by the query: what `GET /events` and `events list` answer. */
export class ListAuditEvents {
  constructor(private readonly events: AuditEventStore) {}

  execute(input: ListAuditEventsInput): Promise<ListAuditEventsResult> {
    return this.events.list(input);
  }
}

import type { AuditEvent, AuditEventType } from '../model/AuditEvent';

/** Which events a reader wants; every field narrows, `cursor` continues a page. */
export interface AuditEventQuery {
  readonly type?: AuditEventType;
  readonly account?: string;
  readonly client?: string;
  readonly since?: Date;
  readonly until?: Date;
  /** Opaque: the `next` of the previous page. */
  readonly cursor?: string;
  readonly limit: number;
}

/** A page of events, newest first; `next` is null on the last page. */
export interface AuditEventPage {
  readonly items: readonly AuditEvent[];
  readonly next: string | null;
}

/** The trail in the shared store: every instance writes to it and reads from it. */
export interface AuditEventStore {
  append(events: readonly AuditEvent[]): Promise<void>;
  list(query: AuditEventQuery): Promise<AuditEventPage>;
  /** Removes events older than `before`; returns how many. */
  purgeBefore(before: Date): Promise<number>;
}

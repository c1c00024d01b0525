import type { AuditEventDraft, AuditEventType } from '../../src/domain/model/AuditEvent';
import type { AuditTrail } from '../../src/domain/ports/AuditTrail';

/** Keeps every event recorded, in order, for a test to read. */
export class RecordingAuditTrail implements AuditTrail {
  readonly events: AuditEventDraft[] = [];

  record(event: AuditEventDraft): void {
    this.events.push(event);
  }

  ofType(type: AuditEventType): AuditEventDraft[] {
    return this.events.filter((event) => event.type === type);
  }
}

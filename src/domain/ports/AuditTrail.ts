import type { AuditEventDraft } from '../model/AuditEvent';

/**
 * Where security events go. Recording never fails and never waits for the
 * store: the adapter queues and writes in batches, so a login is not slowed
 * or refused because the trail is behind.
 */
export interface AuditTrail {
  record(event: AuditEventDraft): void;
}

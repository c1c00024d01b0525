import type { AuditEvent } from '../../src/domain/model/AuditEvent';
import type { AuditEventQuery, AuditEventStore } from '../../src/domain/ports/AuditEventStore';

/**
 * The events matching `query` once at least `count` are in the store: the
 * trail writes in the background (about a second after the first event),
 * so a test waits for it, up to `withinMs`, instead of sleeping a fixed time.
 */
export async function eventsEventually(store: AuditEventStore, query: Omit<AuditEventQuery, 'limit'>, count = 1, withinMs = 5_000): Promise<readonly AuditEvent[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const { items } = await store.list({ ...query, limit: 100 });
    if (items.length >= count || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

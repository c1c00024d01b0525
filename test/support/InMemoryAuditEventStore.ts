import type { AuditEvent } from '../../src/domain/model/AuditEvent';
import type { AuditEventPage, AuditEventQuery, AuditEventStore } from '../../src/domain/ports/AuditEventStore';

/**
 * The trail in memory, newest first as the real store answers it (the cursor
 * is the index to go on from). `failWith` makes every append fail; `hold`
 * makes appends wait until `release` (a slow store).
 */
export class InMemoryAuditEventStore implements AuditEventStore {
  readonly events: AuditEvent[] = [];
  readonly appends: (readonly AuditEvent[])[] = [];
  failWith: Error | null = null;
  private held: (() => void)[] | null = null;

  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = null;
    waiting.forEach((resume) => resume());
  }

  async append(events: readonly AuditEvent[]): Promise<void> {
    if (this.held !== null) await new Promise<void>((resume) => this.held?.push(resume));
    this.appends.push(events);
    if (this.failWith !== null) throw this.failWith;
    this.events.push(...events);
  }

  async list(query: AuditEventQuery): Promise<AuditEventPage> {
    const matching = [...this.events]
      .sort((a, b) => b.time.getTime() - a.time.getTime() || (a.id < b.id ? 1 : -1))
      .filter(
        (event) =>
          (query.type === undefined || event.type === query.type) &&
          (query.account === undefined || event.account === query.account) &&
          (query.client === undefined || event.client === query.client) &&
          (query.since === undefined || event.time >= query.since) &&
          (query.until === undefined || event.time < query.until),
      );
    const start = query.cursor === undefined ? 0 : Number(query.cursor);
    const items = matching.slice(start, start + query.limit);
    return { items, next: start + query.limit < matching.length ? String(start + query.limit) : null };
  }

  async purgeBefore(before: Date): Promise<number> {
    const kept = this.events.filter((event) => event.time >= before);
    const purged = this.events.length - kept.length;
    this.events.splice(0, this.events.length, ...kept);
    return purged;
  }
}

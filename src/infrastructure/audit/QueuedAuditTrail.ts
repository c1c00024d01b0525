import type { Clock } from '@auth-service/client';
import type { AuditEvent, AuditEventDraft } from '../../domain/model/AuditEvent';
import type { AuditEventStore } from '../../domain/ports/AuditEventStore';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import { unrefTimeout, type Schedule } from '../limits/PendingGiveBacks';
import { currentAuditContext } from './auditContextStore';
import { DropReport, type AuditDropReason, type DropLog } from './DropReport';

export interface QueuedAuditTrailOptions {
  /** Events waiting at most; one more is dropped (counted and logged), never waited for. */
  readonly capacity: number;
  /** Events per `append`. */
  readonly batchSize: number;
  /** How long the first event of a batch waits for others before the write. */
  readonly flushDelayMs: number;
  /** The wait before a failed write is tried again. */
  readonly retryDelayMs: number;
  /** Writes of one batch before it is dropped (the store stays away, or refuses it). */
  readonly attempts: number;
  /** How long `close()` waits for the last writes; what is still unwritten then is dropped. */
  readonly closeTimeoutMs: number;
  /** Told of every dropped event (the metric). */
  readonly onDropped: (reason: AuditDropReason, count: number) => void;
  readonly log: DropLog;
  readonly schedule?: Schedule;
}

interface PendingBatch {
  readonly events: AuditEvent[];
  failures: number;
}

/**
 * The audit trail as the service runs it: `record` stamps the draft (id,
 * time, who and from where) and queues it; a timer writes the queue in
 * batches. A request never waits on the store nor fails because of it: a
 * full queue or a batch the store keeps refusing is dropped, counted and
 * logged. `close()` writes what waits, once.
 */
export class QueuedAuditTrail implements AuditTrail {
  private queue: AuditEvent[] = [];
  private retrying: PendingBatch | null = null;
  private cancelTimer: (() => void) | null = null;
  private writing: Promise<void> | null = null;
  private sequence = 0;
  private closed = false;
  /** Events of the `append` under way. */
  private appending = 0;
  private readonly schedule: Schedule;
  private readonly drops: DropReport;

  constructor(
    private readonly store: AuditEventStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly options: QueuedAuditTrailOptions,
  ) {
    this.schedule = options.schedule ?? unrefTimeout;
    this.drops = new DropReport(options.log, clock, options.onDropped);
  }

  record(draft: AuditEventDraft): void {
    try {
      if (this.closed || this.waiting() >= this.options.capacity) {
        this.drops.dropped(this.closed ? 'closed' : 'queue_full', 1);
        return;
      }
      this.queue.push(this.stamped(draft));
      if (this.cancelTimer === null && this.writing === null) this.later(this.options.flushDelayMs);
    } catch {
      // Recording never fails the caller's work; a clock or id source that throws loses this event only.
      this.drops.dropped('error', 1);
    }
  }

  /** Writes everything waiting, each batch tried once more; what fails is dropped. Recording stops: the server's stop path. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    const written = (async () => {
      await this.writing;
      await this.write(true);
    })().catch(() => undefined);
    // A store that never answers must not hold the shutdown: after the timeout what is left is dropped.
    const done = await new Promise<boolean>((resolve) => {
      const cancel = this.schedule(() => resolve(false), this.options.closeTimeoutMs);
      void written.then(() => {
        cancel();
        resolve(true);
      });
    });
    if (done) return;
    const left = this.waiting() + this.appending;
    this.queue = [];
    this.retrying = null;
    this.drops.dropped('closed', left);
  }

  private waiting(): number {
    return this.queue.length + (this.retrying?.events.length ?? 0);
  }

  private stamped(draft: AuditEventDraft): AuditEvent {
    const context = currentAuditContext();
    this.sequence = (this.sequence + 1) % 0x100000000;
    return {
      // The sequence first: events of one instance within one millisecond keep their order.
      id: `${this.sequence.toString(16).padStart(8, '0')}${this.ids.next()}`,
      time: this.clock.now(),
      type: draft.type,
      outcome: draft.outcome,
      actor: context.actor,
      account: draft.account ?? null,
      client: draft.client ?? null,
      address: draft.address ?? context.address,
      requestId: draft.requestId ?? context.requestId,
      details: draft.details ?? {},
    };
  }

  private later(ms: number): void {
    if (this.closed) return;
    this.cancelTimer = this.schedule(() => {
      this.cancelTimer = null;
      // write() catches the store's errors; anything else (a throwing metric) must not become an unhandled rejection.
      this.writing = this.write().catch(() => undefined).finally(() => {
        this.writing = null;
        if (this.cancelTimer === null && this.waiting() > 0) this.later(this.retrying !== null ? this.options.retryDelayMs : this.options.flushDelayMs);
      });
    }, ms);
  }

  /**
   * Writes what waited when the tick began, batch after batch, until done or a write fails; `last`: everything,
   * a failed batch dropped at once. Events recorded meanwhile wait for the next tick: draining them as they came
   * turned a busy instance's trail into a stream of small commits, each paying a statement's and a commit's fixed cost.
   */
  private async write(last = false): Promise<void> {
    let left = last ? Number.POSITIVE_INFINITY : this.waiting();
    while (left > 0) {
      const batch = this.retrying ?? this.nextBatch();
      if (batch === null) return;
      left -= batch.events.length;
      this.retrying = null;
      this.appending = batch.events.length;
      try {
        await this.store.append(batch.events);
      } catch (error) {
        batch.failures++;
        if (last || batch.failures >= this.options.attempts) {
          this.drops.dropped('store_failed', batch.events.length, error);
          continue;
        }
        this.retrying = batch;
        return;
      } finally {
        this.appending = 0;
      }
    }
  }

  private nextBatch(): PendingBatch | null {
    if (this.queue.length === 0) return null;
    return { events: this.queue.splice(0, this.options.batchSize), failures: 0 };
  }
}

import { unrefTimeout, type Schedule } from '../../limits/PendingGiveBacks';
import { parseStoreChange, type StoreChangeFeed, type StoreChangeListener } from './StoreChange';

/** One row of store_changes. */
export interface StoreChangeRow {
  readonly id: number | string;
  readonly topic: string;
  readonly subject: string;
}

/** Runs one SELECT with `?` placeholders (the SQLite DataSource's `query`). */
export type RowQuery = (sql: string, parameters?: unknown[]) => Promise<unknown>;

export interface PolledChangeFeedOptions {
  readonly intervalMs: number;
  /** Told why a poll failed (a log line); the listener is told the feed is lost. */
  readonly onLost?: (error: unknown) => void;
  /** The timer between reads (tests run it by hand). */
  readonly schedule?: Schedule;
}

/** Rows read a poll; a process further behind than the table keeps (1000 rows) starts afresh. */
const BATCH = 500;

/**
 * The store's change announcements on SQLite, where there is no NOTIFY: the
 * rows the triggers add to store_changes, read every `intervalMs` by each
 * process (workers and instances on one file alike) from the last id it saw.
 * A failed read makes the feed lost until a read succeeds; a gap in the ids
 * (rows pruned before this process read them) drops every cached entry.
 */
export class PolledChangeFeed implements StoreChangeFeed {
  /** The last row seen; null until the first read, and after a failed one. */
  private lastId: number | null = null;
  private cancel: () => void = () => undefined;
  private polling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly query: RowQuery,
    private readonly listener: StoreChangeListener,
    private readonly options: PolledChangeFeedOptions,
  ) {}

  async start(): Promise<void> {
    await this.poll();
    this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancel();
    await this.polling;
    this.listener.lost();
  }

  /** One read of what changed since the last; the timer calls it, never two at once. */
  poll(): Promise<void> {
    this.polling = this.polling.then(() => this.read());
    return this.polling;
  }

  private async read(): Promise<void> {
    try {
      if (this.lastId === null) {
        const [row] = (await this.query('SELECT COALESCE(MAX(id), 0) AS id FROM store_changes')) as Array<{ id: number | string }>;
        this.lastId = Number(row.id);
        this.listener.resumed();
        return;
      }
      const rows = (await this.query('SELECT id, topic, subject FROM store_changes WHERE id > ? ORDER BY id LIMIT ?', [this.lastId, BATCH])) as StoreChangeRow[];
      if (rows.length === 0) return;
      if (Number(rows[0].id) !== this.lastId + 1) {
        // Missed rows: whatever they named is unknown, so nothing cached is kept.
        this.listener.resumed();
      } else {
        for (const row of rows) {
          const change = parseStoreChange(`${row.topic}:${row.subject}`);
          if (change !== null) this.listener.changed(change);
        }
      }
      this.lastId = Number(rows[rows.length - 1].id);
    } catch (error) {
      if (this.lastId === null) return;
      this.lastId = null;
      this.listener.lost();
      this.options.onLost?.(error);
    }
  }

  private schedule(): void {
    if (this.closed) return;
    this.cancel = (this.options.schedule ?? unrefTimeout)(() => {
      void this.poll().then(() => this.schedule());
    }, this.options.intervalMs);
  }
}

import sqlite3 from 'sqlite3';
import type { Logger } from '../logging/createLogger';
import type { SqliteConnection } from './AutocommitSqliteClient';

type Callback = (this: unknown, error: Error | null, ...rest: unknown[]) => void;

/**
 * The attempt counters' own connection to the SQLite file. Its statements wait
 * for the file to be open; when it cannot be opened, each is answered that
 * error at once, so the counts fall back to memory (node-sqlite3 would keep them
 * queued forever: every login would hang). Nothing on it is ever thrown at the
 * process: node-sqlite3 emits an error without a callback as an `error` event,
 * which, unheard, would crash it.
 */
export class CounterSqliteConnection implements SqliteConnection {
  private readonly database: sqlite3.Database;
  /** Settles with the opening's error, or null once the file is open and set up. */
  private readonly opened: Promise<Error | null>;

  constructor(file: string, logger: Logger) {
    let settle: (error: Error | null) => void = () => undefined;
    this.opened = new Promise((resolve) => (settle = resolve));
    this.database = new sqlite3.Database(file, (error) => {
      if (error) logger.warn({ error: error.message }, 'attempt counters cannot open the SQLite file; counting in memory');
      settle(error);
    });
    this.database.on('error', (error: Error) => logger.warn({ error: error.message }, 'attempt counter connection error'));
    // Workers and instances write one file. No busy timeout: the client waits for the lock on a timer
    // (AutocommitSqliteClient), never inside SQLite where it would hold the connection the main thread needs.
    // node-sqlite3 opens every connection with a busy timeout of 1 s, so it is turned off here, explicitly:
    // with it, 50 refreshes in flight stalled for the store's 10 s timeout each (docs/performance.md).
    this.database.configure('busyTimeout', 0);
    // The counts are throttles, not records: a commit here need not wait for the disk (about 1 ms a commit on
    // the bench's VM, against 0.16 ms). In WAL mode that cannot corrupt the file; a power cut can only forget
    // the last counts. The store's own connection (keys, revocations, refresh tokens) keeps SQLite's FULL.
    // Serialized, so it is in force before the first count; should it fail (the file busy), counts commit at FULL.
    this.database.serialize(() =>
      this.database.run('PRAGMA synchronous = NORMAL', (error: Error | null) => {
        if (error) logger.warn({ error: error.message }, 'attempt counters keep synchronous = FULL');
      }),
    );
  }

  run(sql: string, ...args: unknown[]): this {
    const callback = args.find((arg): arg is Callback => typeof arg === 'function');
    void this.opened.then((error) => {
      if (error) return callback?.call({ changes: 0 }, error);
      (this.database.run as (sql: string, ...rest: unknown[]) => void)(sql, ...args);
    });
    return this;
  }

  all(sql: string, params: unknown[], callback: (error: Error | null, rows: unknown[]) => void): this {
    void this.opened.then((error) => (error ? callback(error, []) : this.database.all(sql, params, callback)));
    return this;
  }

  /** A connection that never opened has nothing to close (and node-sqlite3 would never answer). */
  async close(): Promise<void> {
    if ((await this.opened) !== null) return;
    await new Promise<void>((resolve) => this.database.close(() => resolve()));
  }
}

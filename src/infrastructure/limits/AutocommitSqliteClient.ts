
type Callback = (this: unknown, error: Error | null, ...rest: unknown[]) => void;

/** The part of sqlite3.Database that rate-limiter-flexible's RateLimiterSQLite calls. */
export interface SqliteClient {
  serialize(work: () => void): void;
  run(sql: string, ...args: unknown[]): void;
  get(sql: string, params: unknown[], callback: (error: Error | null, row?: unknown) => void): void;
}

/** The part of sqlite3.Database this client uses. */
export interface SqliteConnection {
  run(sql: string, ...args: unknown[]): unknown;
  all(sql: string, params: unknown[], callback: (error: Error | null, rows: unknown[]) => void): unknown;
}

/** How long a counter write keeps trying for the file's write lock before it fails (and the limiter falls back to memory). */
export const LOCK_WAIT_MS = 2_000;
/** First pause before trying again; it doubles up to MAX_RETRY_PAUSE_MS. */
const FIRST_RETRY_PAUSE_MS = 2;
const MAX_RETRY_PAUSE_MS = 50;

/**
 * A sqlite3.Database for RateLimiterSQLite, without its savepoint wrapper. The
 * library wraps its one upsert statement in SAVEPOINT/RELEASE and reads the
 * RETURNING row with `get`, which leaves the statement unfinished: the RELEASE
 * then fails silently and the connection keeps the file's write lock, so every
 * other process (and the key store) gets SQLITE_BUSY. The upsert is one
 * atomic statement, so here it runs in autocommit, read to completion (`all`);
 * the savepoint statements are answered as done without running.
 *
 * The connection has no busy timeout: a statement that finds the file locked
 * (the store's own connection is committing a refresh) comes back SQLITE_BUSY
 * at once and is tried again here, on a timer. SQLite's busy handler would
 * instead sleep in a pool thread holding the connection's mutex, and
 * node-sqlite3 finalizes statements on the main thread under that mutex: the
 * event loop stopped, so the store's transaction holding the lock could not
 * commit, and every request waited out the timeout.
 */
export class AutocommitSqliteClient implements SqliteClient {
  constructor(
    private readonly db: SqliteConnection,
    private readonly lockWaitMs = LOCK_WAIT_MS,
    /** Waits for this process's turn to write the file (sqliteWriteTurns.ts); by default none. */
    private readonly turn: (work: () => Promise<void>) => Promise<unknown> = (work) => work(),
  ) {}

  serialize(work: () => void): void {
    work();
  }

  run(sql: string, ...args: unknown[]): void {
    const callback = args.find((arg): arg is Callback => typeof arg === 'function');
    if (/^\s*(SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b/i.test(sql)) {
      if (callback) setImmediate(() => callback.call({ changes: 0 }, null));
      return;
    }
    const params = args.filter((arg) => arg !== callback);
    this.untilUnlocked((done) => (this.db.run as (sql: string, ...rest: unknown[]) => void)(sql, ...params, function (this: unknown, error: Error | null) {
      done(error, () => callback?.call(this, error));
    }));
  }

  get(sql: string, params: unknown[], callback: (error: Error | null, row?: unknown) => void): void {
    this.all(sql, params, (error, rows) => callback(error, rows?.[0]));
  }

  /** One statement, every row it answers (the planned attempts' upserts RETURNING a row per key). */
  all(sql: string, params: readonly unknown[], callback: (error: Error | null, rows?: unknown[]) => void): void {
    this.untilUnlocked((done) => this.db.all(sql, params as unknown[], (error, rows) => done(error, () => callback(error, rows))));
  }

  /**
   * In this process's turn to write, runs `attempt` again while it answers SQLITE_BUSY (another process
   * writes), pausing a little longer each time, until `lockWaitMs` has passed; answers after the turn ends.
   */
  private untilUnlocked(attempt: (done: (error: Error | null, answer: () => void) => void) => void): void {
    let answered: () => void = () => undefined;
    void this.turn(
      () =>
        new Promise<void>((release) => {
          const started = Date.now();
          let pause = FIRST_RETRY_PAUSE_MS;
          const tryOnce = () =>
            attempt((error, answer) => {
              if ((error as { code?: string } | null)?.code !== 'SQLITE_BUSY' || Date.now() - started >= this.lockWaitMs) {
                answered = answer;
                return release();
              }
              setTimeout(tryOnce, pause);
              pause = Math.min(pause * 2, MAX_RETRY_PAUSE_MS);
            });
          tryOnce();
        }),
    ).then(() => answered());
  }
}

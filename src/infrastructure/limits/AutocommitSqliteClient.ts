import type sqlite3 from 'sqlite3';

type Callback = (this: unknown, error: Error | null, ...rest: unknown[]) => void;

/** The part of sqlite3.Database that rate-limiter-flexible's RateLimiterSQLite calls. */
export interface SqliteClient {
  serialize(work: () => void): void;
  run(sql: string, ...args: unknown[]): void;
  get(sql: string, params: unknown[], callback: (error: Error | null, row?: unknown) => void): void;
}

/**
 * A sqlite3.Database for RateLimiterSQLite, without its savepoint wrapper. The
 * library wraps its one upsert statement in SAVEPOINT/RELEASE and reads the
 * RETURNING row with `get`, which leaves the statement unfinished: the RELEASE
 * then fails silently and the connection keeps the file's write lock, so every
 * other process (and the key store) gets SQLITE_BUSY. The upsert is one
 * atomic statement, so here it runs in autocommit, read to completion (`all`);
 * the savepoint statements are answered as done without running.
 */
export class AutocommitSqliteClient implements SqliteClient {
  constructor(private readonly db: sqlite3.Database) {}

  serialize(work: () => void): void {
    work();
  }

  run(sql: string, ...args: unknown[]): void {
    if (/^\s*(SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b/i.test(sql)) {
      const callback = args.find((arg): arg is Callback => typeof arg === 'function');
      if (callback) setImmediate(() => callback.call({ changes: 0 }, null));
      return;
    }
    (this.db.run as (sql: string, ...rest: unknown[]) => void)(sql, ...args);
  }

  get(sql: string, params: unknown[], callback: (error: Error | null, row?: unknown) => void): void {
    this.db.all(sql, params, (error, rows) => callback(error, rows?.[0]));
  }
}

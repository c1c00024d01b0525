import type { Pool, QueryResult } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from './rateLimiterFlexibleCore';
import type { Logger } from '../logging/createLogger';
import { sqliteDatabaseOf } from '../persistence/databaseUrl';
import { inSqliteWriteTurn } from '../persistence/sqliteWriteTurns';
import { AutocommitSqliteClient } from './AutocommitSqliteClient';
import { CounterSqliteConnection } from './CounterSqliteConnection';
import type { PlannedCounterTable } from './RateLimiterFlexibleAttemptLimiter';
import { committedInTurn } from './pgSimpleQuery';
import { COUNTER_TABLE as TABLE, SqlAttemptCounterTable, type CounterStatements, type RunStatement } from './SqlAttemptCounterTable';
/** A store that does not answer within this falls back to memory rather than holding logins up. */
const STORE_WAIT_MS = 2_000;

export interface AttemptWindow {
  /** Namespace of the keys (`login`, `key-endpoint`), so policies never share a count. */
  readonly name: string;
  readonly maxAttempts: number;
  readonly windowSeconds: number;
}

/**
 * Where attempt counters live, following AUTH_DATABASE_URL: the PostgreSQL
 * database or the SQLite file the keys are in (own connections, so counting
 * never waits behind a key transaction), shared by every worker and instance
 * on it. `sqlite::memory:` is one process anyway: plain memory. When the store
 * fails, each limiter falls back to a per-process in-memory count (the
 * library's insurance limiter), so login keeps working with per-process limits.
 */
export class AttemptCounterStore {
  private pool: Pool | null = null;
  private sqlite: CounterSqliteConnection | null = null;
  /** The counters' table as the planned attempts use it; close() sends the give-backs waiting in it. */
  private table: SqlAttemptCounterTable | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /** A limiter for one policy, on the shared store with an in-memory fallback. */
  limiter(window: AttemptWindow): RateLimiterAbstract {
    // The window itself is the AttemptLimiter's (on the Clock port, one store key per window); the
    // library's duration only decides when a row may be cleaned up, so it outlasts the window and
    // the next one, in which it is still read (sliding window), with a window to spare.
    const options = { keyPrefix: window.name, points: window.maxAttempts, duration: 3 * window.windowSeconds };
    const perProcessFallback = new RateLimiterMemory(options);
    const sqliteFile = sqliteDatabaseOf(this.databaseUrl);
    if (sqliteFile === ':memory:') return perProcessFallback;
    const shared = { ...options, tableName: TABLE, tableCreated: true, clearExpiredByTimeout: true, insuranceLimiter: perProcessFallback };
    if (sqliteFile !== null) return new RateLimiterSQLite({ ...shared, storeClient: new AutocommitSqliteClient(this.sqliteClient(sqliteFile), STORE_WAIT_MS, (work) => inSqliteWriteTurn(sqliteFile, work)), storeType: 'sqlite3' });
    return new RateLimiterPostgres({ ...shared, storeClient: this.pgPool(), storeType: 'pool' });
  }

  /**
   * The counters' table for a policy's planned attempts (one statement each), or none when the
   * counters are in memory. `window` and `knownWindow` are the policy's and its remembered sources'.
   */
  plannedTable(window: AttemptWindow, knownWindow: AttemptWindow): PlannedCounterTable | undefined {
    const sqliteFile = sqliteDatabaseOf(this.databaseUrl);
    if (sqliteFile === ':memory:') return undefined;
    // One table for every policy (their keys carry their prefixes), so a give-back rides on any policy's next count.
    this.table ??=
      sqliteFile !== null ? new SqlAttemptCounterTable(this.sqliteStatements(sqliteFile), (n) => `?${n}`) : new SqlAttemptCounterTable(this.pgStatements(), (n) => `$${n}`);
    return {
      table: this.table,
      prefix: window.name,
      knownPrefix: knownWindow.name,
      // As limiter() keeps rows: the window, the next one in which it is still read, and one to spare.
      keepMs: 3 * window.windowSeconds * 1000,
      knownKeepMs: 3 * knownWindow.windowSeconds * 1000,
    };
  }

  async close(): Promise<void> {
    // Give-backs still waiting for a count go now, while the connections are open.
    await this.table?.flush();
    const { pool, sqlite } = this;
    this.table = null;
    this.pool = null;
    this.sqlite = null;
    await pool?.end();
    await sqlite?.close();
  }

  /** The counters' connection on the SQLite file: a statement after another is a second trip to the thread pool. */
  private sqliteStatements(file: string): CounterStatements {
    const client = new AutocommitSqliteClient(this.sqliteClient(file), STORE_WAIT_MS, (work) => inSqliteWriteTurn(file, work));
    const run: RunStatement = (sql, params) =>
      new Promise((resolve, reject) => client.all(sql, params, (error, rows) => (error ? reject(error) : resolve((rows ?? []) as Record<string, unknown>[]))));
    return {
      run,
      runAfter: async (first, then) => {
        await run(first.sql, first.params);
        return run(then.sql, then.params);
      },
    };
  }

  /** The counters' PostgreSQL pool: statements after one another go in one simple query, one round trip. */
  private pgStatements(): CounterStatements {
    const pool = this.pgPool();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { escapeLiteral } = require('pg') as typeof import('pg');
    return {
      run: async (sql, params) => (await pool.query(sql, params as unknown[])).rows as Record<string, unknown>[],
      runAfter: async (first, then) => {
        // A simple query of several statements answers one result each; the last is `then`'s.
        const results = (await pool.query(committedInTurn([first, then], escapeLiteral))) as unknown as QueryResult[];
        return results[results.length - 1].rows as Record<string, unknown>[];
      },
    };
  }

  private pgPool(): Pool {
    if (!this.pool) {
      // Loaded here: a SQLite deployment never loads the PostgreSQL driver.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Pool } = require('pg') as typeof import('pg');
      this.pool = new Pool({ connectionString: this.databaseUrl, max: 4, connectionTimeoutMillis: STORE_WAIT_MS, query_timeout: STORE_WAIT_MS });
      // An idle connection cut by the server must not crash the process; the next query reconnects or falls back.
      this.pool.on('error', (error) => this.logger.warn({ error: error.message }, 'attempt counter connection lost'));
    }
    return this.pool;
  }

  private sqliteClient(file: string): CounterSqliteConnection {
    this.sqlite ??= new CounterSqliteConnection(file, this.logger);
    return this.sqlite;
  }
}

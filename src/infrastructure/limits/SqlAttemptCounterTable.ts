import type { ParametrizedStatement } from './pgSimpleQuery';
import { PendingGiveBacks, unrefTimeout, type DueGiveBacks, type Schedule } from './PendingGiveBacks';

/** The table the migrations create for the counters (see CreateAttemptCounters), in rate-limiter-flexible's layout. */
export const COUNTER_TABLE = 'attempt_counters';

/**
 * How long a give-back may wait for a count to ride on. Under load the next
 * count comes within a few milliseconds; an idle instance sends it alone.
 */
export const GIVE_BACK_WAIT_MS = 100;

type Rows = Record<string, unknown>[];

/** Runs one statement and answers its rows: one store round trip. */
export type RunStatement = (sql: string, params: readonly unknown[]) => Promise<Rows>;

/** The store's statements, as the table sends them. */
export interface CounterStatements {
  readonly run: RunStatement;
  /** Runs and commits `first`, then runs `then` and answers its rows: in one round trip where the store can. */
  readonly runAfter: (first: ParametrizedStatement, then: ParametrizedStatement) => Promise<Rows>;
}

/** How a dialect writes the n-th (1-based) parameter: `?1` in SQLite, `$1` in PostgreSQL. */
export type Placeholder = (position: number) => string;

/** One attempt of a plan, with every key as it is stored (prefix, key, window). */
export interface PlannedCount {
  /** Epoch milliseconds of the attempt, against which rows are alive. */
  readonly now: number;
  /** The expiry of a counter row created now. */
  readonly expire: number;
  /** The remembered pair's rows of this period and the previous one; absent when there is no source. */
  readonly known?: { readonly current: string; readonly previous: string; readonly expire: number };
  readonly whenKnown: readonly string[];
  readonly otherwise: readonly string[];
  /** Each key's previous window is its key with this window's suffix replaced by the previous one's. */
  readonly windowSuffix: string;
  readonly previousWindowSuffix: string;
  /** The share of the previous window the sliding window still covers. */
  readonly previousWeight: number;
  readonly maxAttempts: number;
}

export interface CountedRow {
  readonly key: string;
  /** The count of this window, this attempt included. */
  readonly points: number;
  /** The count of the previous window. */
  readonly previous: number;
}

export interface Settlement {
  readonly now: number;
  readonly giveBack: readonly string[];
  readonly remember?: { readonly key: string; readonly expire: number };
  /**
   * The give-back may wait (at most GIVE_BACK_WAIT_MS) for this table's next
   * count and ride on its round trip. Ignored when there is a source to
   * remember: other instances must know it at once.
   */
  readonly canWait?: boolean;
}

/**
 * The attempt counters as one SQL statement per step, for the login's
 * planned attempts (PlannedAttemptLimiter): the same table, keys and row
 * semantics as rate-limiter-flexible's (a row counts while `expire` is ahead;
 * an expired row starts again at 1), so instances of either kind agree.
 * `count` reads whether the source is remembered (this period or the
 * previous, which it then carries into this one), counts the keys of the
 * matching branch in order, a key only while the ones before it are within
 * the limit, and answers each counted key with its previous window's count:
 * one round trip where the limiter's calls took five. `settle` gives counts
 * back and remembers a source in one more, or, when it only gives back and
 * can wait, rides on the next count's round trip (PendingGiveBacks). The
 * statements are written once for both stores: SQLite 3.35+ and PostgreSQL
 * 9.5+ both take these upserts.
 */
export class SqlAttemptCounterTable {
  private readonly pending: PendingGiveBacks;
  /** Give-backs sent on their own and not yet answered. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly store: CounterStatements,
    private readonly placeholder: Placeholder,
    schedule: Schedule = unrefTimeout,
  ) {
    this.pending = new PendingGiveBacks(GIVE_BACK_WAIT_MS, () => this.sendInBackground(), schedule);
  }

  async count(plan: PlannedCount): Promise<{ known: boolean; rows: CountedRow[] }> {
    if (plan.whenKnown.length === 0 && plan.otherwise.length === 0 && !plan.known) return { known: false, rows: [] };
    const sql = new Statement(this.placeholder);
    const statement = countStatement(plan, sql);
    // Give-backs waiting are settled first, so this instance's own count already sees them.
    const due = this.pending.take();
    const counted = due ? await this.store.runAfter(this.giveBackStatement(due), { sql: statement, params: sql.params }) : await this.store.run(statement, sql.params);
    const rows = countedRows(counted);
    return { known: rows.some((row) => plan.whenKnown.includes(row.key)), rows };
  }

  async settle(settlement: Settlement): Promise<void> {
    if (settlement.canWait && !settlement.remember) {
      this.pending.add(settlement.now, settlement.giveBack);
      return;
    }
    const changes: Change[] = settlement.giveBack.map((key) => ({ key, delta: -1, expire: settlement.now }));
    if (settlement.remember) changes.push({ key: settlement.remember.key, delta: 1, expire: settlement.remember.expire });
    if (changes.length === 0) return;
    const { sql, params } = this.changeStatement(settlement.now, changes);
    await this.store.run(sql, params);
  }

  /** Sends the give-backs that wait, and answers once every give-back sent on its own is answered (the store is closing). */
  async flush(): Promise<void> {
    await Promise.all([this.sendWaiting(), ...this.sending]);
  }

  /** No count came to ride on within their wait, or too many wait. */
  private sendInBackground(): void {
    const sent = this.sendWaiting();
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
  }

  private async sendWaiting(): Promise<void> {
    const due = this.pending.take();
    if (!due) return;
    const { sql, params } = this.giveBackStatement(due);
    // Best effort, as every give-back: a store that cannot take it leaves the attempts counted.
    await this.store.run(sql, params).catch(() => undefined);
  }

  private giveBackStatement(due: DueGiveBacks): ParametrizedStatement {
    return this.changeStatement(
      due.now,
      [...due.counts].map(([key, count]) => ({ key, delta: -count, expire: due.now })),
    );
  }

  /** Adds each change's delta to its key's live count (never below zero); a row is created only by a positive one. */
  private changeStatement(now: number, changes: readonly Change[]): ParametrizedStatement {
    const sql = new Statement(this.placeholder);
    const alive = `(${COUNTER_TABLE}.expire IS NULL OR ${COUNTER_TABLE}.expire > ${sql.bigint(now)})`;
    const rows = changes.map(({ key, delta, expire }) => `SELECT ${sql.text(key)} AS key, ${sql.integer(delta)} AS delta, ${sql.bigint(expire)} AS expire`);
    const atLeastZero = (value: string) => `CASE WHEN ${value} < 0 THEN 0 ELSE ${value} END`;
    // A give-back never creates a row: a negative count would hand out extra attempts.
    return {
      sql: `INSERT INTO ${COUNTER_TABLE} (key, points, expire)
       SELECT change.key, change.delta, change.expire FROM (${rows.join(' UNION ALL ')}) AS change
       WHERE change.delta > 0 OR EXISTS (SELECT 1 FROM ${COUNTER_TABLE} AS c WHERE c.key = change.key)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN ${alive} THEN ${atLeastZero(`${COUNTER_TABLE}.points + excluded.points`)} ELSE ${atLeastZero('excluded.points')} END,
         expire = CASE WHEN ${alive} THEN ${COUNTER_TABLE}.expire ELSE excluded.expire END`,
      params: sql.params,
    };
  }
}

/** One key's change of count: -n gives n attempts back, +1 marks a remembered source. */
interface Change {
  readonly key: string;
  readonly delta: number;
  readonly expire: number;
}

/**
 * The statement that counts a plan's keys (see SqlAttemptCounterTable), its parameters added to `sql`: it
 * answers a row (key, points, previous) for each key counted. The plan names at least one key. `otherwise`
 * counts several attempts of one instant at once, each its own list of keys in order (no key in two lists):
 * each list is counted as the plan's `otherwise` would be.
 */
export function countStatement(plan: PlannedCount, sql: Statement, otherwise: readonly (readonly string[])[] = [plan.otherwise]): string {
  const alive = (alias: string) => `(${alias}.expire IS NULL OR ${alias}.expire > ${sql.bigint(plan.now)})`;
  const countOf = (key: string) => `COALESCE((SELECT c.points FROM ${COUNTER_TABLE} AS c WHERE c.key = ${sql.text(key)} AND ${alive('c')}), 0)`;
  const previousKey = (key: string) => key.slice(0, key.length - plan.windowSuffix.length) + plan.previousWindowSuffix;
  /** With one more attempt, within the limit (the sliding window: this window plus the weighted previous one). */
  const within = (key: string) =>
    `(${countOf(key)} + 1 + ${countOf(previousKey(key))} * ${sql.real(plan.previousWeight)} <= ${sql.bigint(plan.maxAttempts)})`;
  const known = plan.known ? `(pair.current_period OR pair.previous_period)` : 'FALSE';
  const candidates: string[] = [];
  const branch = (keys: readonly string[], condition: string) =>
    keys.forEach((key, index) => {
      const wanted = [condition, ...keys.slice(0, index).map(within)].join(' AND ');
      candidates.push(`SELECT ${sql.text(key)} AS key, ${sql.bigint(plan.expire)} AS expire, ${wanted} AS wanted FROM pair`);
    });
  branch(plan.whenKnown, known);
  for (const keys of otherwise) branch(keys, `NOT ${known}`);
  // Known from the previous period only: carried into this one, so it stays remembered a full period more.
  if (plan.known) candidates.push(`SELECT ${sql.text(plan.known.current)} AS key, ${sql.bigint(plan.known.expire)} AS expire, ${known} AND NOT pair.current_period AS wanted FROM pair`);
  const pair = plan.known
    ? `SELECT EXISTS (SELECT 1 FROM ${COUNTER_TABLE} AS k WHERE k.key = ${sql.text(plan.known.current)} AND ${alive('k')}) AS current_period,
              EXISTS (SELECT 1 FROM ${COUNTER_TABLE} AS k WHERE k.key = ${sql.text(plan.known.previous)} AND ${alive('k')}) AS previous_period`
    : 'SELECT FALSE AS current_period, FALSE AS previous_period';
  return `WITH pair AS (${pair})
    INSERT INTO ${COUNTER_TABLE} (key, points, expire)
    SELECT candidate.key, 1, candidate.expire FROM (${candidates.join(' UNION ALL ')}) AS candidate WHERE candidate.wanted
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN ${alive(COUNTER_TABLE)} THEN ${COUNTER_TABLE}.points + 1 ELSE 1 END,
      expire = CASE WHEN ${alive(COUNTER_TABLE)} THEN ${COUNTER_TABLE}.expire ELSE excluded.expire END
    RETURNING key, points, COALESCE((SELECT p.points FROM ${COUNTER_TABLE} AS p
      WHERE p.key = substr(${COUNTER_TABLE}.key, 1, length(${COUNTER_TABLE}.key) - ${sql.integer(plan.windowSuffix.length)}) || ${sql.text(plan.previousWindowSuffix)}
      AND ${alive('p')}), 0) AS previous`;
}

/** The rows a count statement answered, typed (drivers answer numbers as texts or numbers). */
export function countedRows(rows: readonly Record<string, unknown>[]): CountedRow[] {
  return rows.map((row) => ({ key: String(row.key), points: Number(row.points), previous: Number(row.previous) }));
}

/** The parameters of one statement, each written with its type, so both stores read it alike. */
export class Statement {
  readonly params: unknown[] = [];

  constructor(private readonly placeholder: Placeholder) {}

  text(value: string): string {
    return `CAST(${this.add(value)} AS TEXT)`;
  }

  bigint(value: number): string {
    return `CAST(${this.add(Math.trunc(value))} AS BIGINT)`;
  }

  integer(value: number): string {
    return `CAST(${this.add(Math.trunc(value))} AS INTEGER)`;
  }

  real(value: number): string {
    return `CAST(${this.add(value)} AS DOUBLE PRECISION)`;
  }

  private add(value: unknown): string {
    this.params.push(value);
    return this.placeholder(this.params.length);
  }
}

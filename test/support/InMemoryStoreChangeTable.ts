import type { RowQuery, StoreChangeRow } from '../../src/infrastructure/persistence/cache/PolledChangeFeed';

/**
 * The store_changes table as PolledChangeFeed reads it (its two SELECTs), in
 * an array; `failing` makes every read throw, as a locked or lost file would.
 */
export class InMemoryStoreChangeTable {
  readonly rows: StoreChangeRow[] = [];
  failing: Error | null = null;
  reads = 0;
  private nextId = 1;

  add(topic: string, subject: string): void {
    this.rows.push({ id: this.nextId++, topic, subject });
  }

  /** Rows pruned, as the table's trigger keeps only the last ones. */
  prune(keep: number): void {
    this.rows.splice(0, Math.max(0, this.rows.length - keep));
  }

  readonly query: RowQuery = async (sql, parameters = []) => {
    this.reads++;
    if (this.failing !== null) throw this.failing;
    if (sql.startsWith('SELECT COALESCE(MAX(id), 0)')) return [{ id: this.nextId - 1 }];
    const [after, limit] = parameters as [number, number];
    return this.rows.filter((row) => Number(row.id) > after).slice(0, limit);
  };
}

import { inSqliteWriteTurn } from './sqliteWriteTurns';
import type { DataSource, EntityManager } from 'typeorm';

const ATTEMPTS = 8;

/**
 * A transaction that is retried when the database reports a transient conflict:
 * SQLite's BUSY/LOCKED (another process holds the file's write lock; a deferred
 * transaction upgrading its lock is not covered by the busy timeout) and
 * PostgreSQL's serialization failure and deadlock. Our key transactions are
 * idempotent by design (conditional updates, insert-if-absent), so a retry is safe.
 */
export function retryingTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return serialized(dataSource, () => withRetries(dataSource, work));
}

async function withRetries<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

/** SQLite's BUSY/LOCKED, PostgreSQL's serialization failure and deadlock: the same work may simply be tried again. */
export function isTransientConflict(error: unknown): boolean {
  const details = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = String(details?.driverError?.code ?? details?.code ?? '');
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === '40001' || code === '40P01';
}

/**
 * A SQLite DataSource is one connection, on which a second BEGIN while a
 * transaction is open fails ("cannot start a transaction within a
 * transaction"), so its transactions run one after another, in the file's
 * write turns (sqliteWriteTurns.ts: the attempt counters take theirs between
 * them). PostgreSQL pools connections and needs no queue; across processes the
 * database decides.
 */
function serialized<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'sqlite') return work();
  const file = dataSource.options.database;
  return inSqliteWriteTurn(file === ':memory:' ? dataSource : file, work);
}

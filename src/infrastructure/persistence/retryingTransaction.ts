import type { DataSource, EntityManager } from 'typeorm';

const ATTEMPTS = 8;

/**
 * A transaction that is retried when the database reports a transient conflict:
 * SQLite's BUSY/LOCKED (another process holds the file's write lock; a deferred
 * transaction upgrading its lock is not covered by the busy timeout) and
 * PostgreSQL's serialization failure and deadlock. Our key transactions are
 * idempotent by design (conditional updates, insert-if-absent), so a retry is safe.
 */
export async function retryingTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

function isTransientConflict(error: unknown): boolean {
  const details = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = String(details?.driverError?.code ?? details?.code ?? '');
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === '40001' || code === '40P01';
}

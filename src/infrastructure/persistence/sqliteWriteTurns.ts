import { resolve } from 'node:path';

/** The tail of each SQLite file's queue of writers in this process. */
const queues = new Map<unknown, Promise<unknown>>();

/**
 * One writer at a time per SQLite file in this process: the store's
 * transactions and the attempt counters' statements (their own connection)
 * take turns here instead of meeting at the file's write lock. A store
 * transaction holds that lock across turns of the event loop; a counter write
 * that met it could only retry on a timer, and under a steady stream of
 * transactions a retry could miss every gap and give up (the count then fell
 * back to one process's memory). Other processes still meet at the lock, and
 * retry. A file is named by its resolved path; an in-memory database (one per
 * connection) by its own key.
 */
export function inSqliteWriteTurn<T>(file: unknown, work: () => Promise<T>): Promise<T> {
  const key = typeof file === 'string' && file !== ':memory:' ? resolve(file) : file;
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.catch(() => undefined);
  queues.set(key, tail);
  // Forget an idle file's queue, so a process that opens many files (tests) keeps none of them.
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return result;
}

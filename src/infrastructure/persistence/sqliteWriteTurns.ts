import { resolve } from 'node:path';

/** The writers of a shared turn that has not begun yet; later autocommit writers join it. */
interface PendingSharedTurn {
  readonly writers: (() => Promise<void>)[];
}

interface FileQueue {
  /** Settles when the last turn queued so far has ended. */
  tail: Promise<unknown>;
  /** The shared turn at the tail while it waits for its start, or null. */
  pendingShared: PendingSharedTurn | null;
}

/** Each SQLite file's queue of writers in this process. */
const queues = new Map<unknown, FileQueue>();

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
  const queue = queueOf(file);
  const result = queue.tail.then(work, work);
  queue.pendingShared = null;
  endTurnWith(file, queue, result);
  return result;
}

/**
 * A turn for an autocommit writer: one atomic statement on a connection of its
 * own (the attempt counters'), which never holds the write lock across turns
 * of the event loop. Such writers need to wait only for a transaction, not for
 * each other: those that queue while their turn has not begun share it, run
 * side by side (SQLite takes them one after another on their connection), and
 * the turn ends when the last one has. A transaction queued after them waits
 * for that turn; a writer arriving after it starts a turn of its own.
 */
export function inSharedSqliteWriteTurn<T>(file: unknown, work: () => Promise<T>): Promise<T> {
  const queue = queueOf(file);
  return new Promise<T>((resolveWork, rejectWork) => {
    const writer = () => work().then(resolveWork, rejectWork);
    if (queue.pendingShared !== null) {
      queue.pendingShared.writers.push(writer);
      return;
    }
    const turn: PendingSharedTurn = { writers: [writer] };
    queue.pendingShared = turn;
    const runAll = () => {
      if (queue.pendingShared === turn) queue.pendingShared = null;
      return Promise.all(turn.writers.map((run) => run()));
    };
    endTurnWith(file, queue, queue.tail.then(runAll, runAll));
  });
}

function queueOf(file: unknown): FileQueue {
  const key = keyOf(file);
  let queue = queues.get(key);
  if (queue === undefined) {
    queue = { tail: Promise.resolve(), pendingShared: null };
    queues.set(key, queue);
  }
  return queue;
}

/** Makes `turn` the queue's last; forgets an idle file's queue, so a process that opens many files (tests) keeps none of them. */
function endTurnWith(file: unknown, queue: FileQueue, turn: Promise<unknown>): void {
  const tail = turn.catch(() => undefined);
  queue.tail = tail;
  void tail.then(() => {
    const key = keyOf(file);
    if (queue.tail === tail && queues.get(key) === queue) queues.delete(key);
  });
}

function keyOf(file: unknown): unknown {
  return typeof file === 'string' && file !== ':memory:' ? resolve(file) : file;
}

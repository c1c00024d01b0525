import { expect } from 'chai';
import { AutocommitSqliteClient, type SqliteConnection } from '../../../../src/infrastructure/limits/AutocommitSqliteClient';

const busy = () => Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' });

/** A connection that finds the file locked `locked` times, then answers; records each statement it ran. */
function connection(locked: number, failure: Error | null = null): SqliteConnection & { ran: Array<{ sql: string; params: unknown[] }> } {
  let left = locked;
  const ran: Array<{ sql: string; params: unknown[] }> = [];
  const answer = () => (left-- > 0 ? busy() : failure);
  return {
    ran,
    run: ((sql: string, ...rest: unknown[]) => {
      const callback = rest.pop() as (this: unknown, error: Error | null) => void;
      ran.push({ sql, params: rest });
      setImmediate(() => callback.call({ changes: 1 }, answer()));
    }) as unknown as SqliteConnection['run'],
    all: ((sql: string, params: unknown[], callback: (error: Error | null, rows?: unknown[]) => void) => {
      ran.push({ sql, params });
      setImmediate(() => {
        const error = answer();
        callback(error, error ? undefined : [{ points: 3 }]);
      });
    }) as unknown as SqliteConnection['all'],
  };
}

describe('AutocommitSqliteClient: the counters connection of a SQLite store', () => {
  it('tries a statement again on a timer while the file is locked, then answers its row', async () => {
    const db = connection(3);
    const row = await new Promise((resolve, reject) => new AutocommitSqliteClient(db, 1_000).get('INSERT … RETURNING points', ['k'], (error, answer) => (error ? reject(error) : resolve(answer))));
    expect(row).to.deep.equal({ points: 3 });
    expect(db.ran).to.have.length(4);
    expect(db.ran.every((statement) => statement.sql === 'INSERT … RETURNING points')).to.equal(true);
  });

  it('runs a write again while locked and hands the callback the statement result', async () => {
    const db = connection(2);
    const changes = await new Promise((resolve, reject) =>
      new AutocommitSqliteClient(db, 1_000).run('DELETE FROM attempt_counters WHERE expire < ?', [5], function (this: { changes: number }, error: Error | null) {
        if (error) reject(error);
        else resolve(this.changes);
      }),
    );
    expect(changes).to.equal(1);
    expect(db.ran.map((statement) => statement.params)).to.deep.equal([[[5]], [[5]], [[5]]]);
  });

  it('gives up with SQLITE_BUSY once the wait is over (the limiter then falls back to memory)', async () => {
    const db = connection(Number.POSITIVE_INFINITY);
    const error = await new Promise<Error | null>((resolve) => new AutocommitSqliteClient(db, 30).get('SELECT 1', [], (failure) => resolve(failure)));
    expect((error as { code?: string }).code).to.equal('SQLITE_BUSY');
    expect(db.ran.length).to.be.greaterThan(1);
  });

  it('answers any other error at once, without trying again', async () => {
    const db = connection(0, Object.assign(new Error('SQLITE_CORRUPT'), { code: 'SQLITE_CORRUPT' }));
    const error = await new Promise<Error | null>((resolve) => new AutocommitSqliteClient(db, 1_000).get('SELECT 1', [], (failure) => resolve(failure)));
    expect((error as { code?: string }).code).to.equal('SQLITE_CORRUPT');
    expect(db.ran).to.have.length(1);
  });

  it('answers the savepoint statements as done without running them', async () => {
    const db = connection(0);
    const client = new AutocommitSqliteClient(db);
    for (const sql of ['SAVEPOINT a', 'RELEASE SAVEPOINT a', 'ROLLBACK TO SAVEPOINT a']) {
      await new Promise<void>((resolve) => client.run(sql, () => resolve()));
    }
    expect(db.ran).to.deep.equal([]);
  });

  it('runs each statement, with its retries, inside the turn it is given, and answers after the turn ends', async () => {
    const events: string[] = [];
    const db = connection(1);
    const turn = async (work: () => Promise<void>) => {
      events.push('turn starts');
      await work();
      events.push('turn ends');
    };
    await new Promise<void>((resolve) =>
      new AutocommitSqliteClient(db, 1_000, turn).get('SELECT 1', [], () => {
        events.push(`answered after ${db.ran.length} tries`);
        resolve();
      }),
    );
    expect(events).to.deep.equal(['turn starts', 'turn ends', 'answered after 2 tries']);
  });
});

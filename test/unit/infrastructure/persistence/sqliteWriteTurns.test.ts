import { expect } from 'chai';
import { inSharedSqliteWriteTurn, inSqliteWriteTurn } from '../../../../src/infrastructure/persistence/sqliteWriteTurns';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A writer that logs its start and end around a turn of the event loop, answers its name, or fails with it. */
const writerLogging =
  (events: string[]) =>
  (name: string, fail = false) =>
  async () => {
    events.push(`${name} starts`);
    await tick();
    events.push(`${name} ends`);
    if (fail) throw new Error(name);
    return name;
  };

describe('inSqliteWriteTurn: one writer at a time per SQLite file in this process', () => {
  it('runs the writers of one file one after another, in arrival order, also after a failure', async () => {
    const events: string[] = [];
    const writer = writerLogging(events);
    const answers = await Promise.allSettled([
      inSqliteWriteTurn('/data/auth.sqlite', writer('a', true)),
      inSqliteWriteTurn('relative/auth.sqlite', writer('b')),
      inSqliteWriteTurn('/data/auth.sqlite', writer('c')),
    ]);
    expect(answers.map((answer) => answer.status)).to.deep.equal(['rejected', 'fulfilled', 'fulfilled']);
    // 'b' names another file (a relative path resolved against the working directory): it runs beside them.
    const sameFile = events.filter((event) => !event.startsWith('b'));
    expect(sameFile).to.deep.equal(['a starts', 'a ends', 'c starts', 'c ends']);
  });

  it('lets writers of other files, and of two in-memory databases, run side by side', async () => {
    const events: string[] = [];
    const writer = writerLogging(events);
    await Promise.all([inSqliteWriteTurn('/one.sqlite', writer('one')), inSqliteWriteTurn('/two.sqlite', writer('two')), inSqliteWriteTurn({}, writer('m1')), inSqliteWriteTurn({}, writer('m2'))]);
    expect(events.slice(0, 4)).to.deep.equal(['one starts', 'two starts', 'm1 starts', 'm2 starts']);
  });

  it('names one file by its resolved path: two spellings share their turns', async () => {
    const events: string[] = [];
    const writer = writerLogging(events);
    await Promise.all([inSqliteWriteTurn('/srv/a/../auth.sqlite', writer('x')), inSqliteWriteTurn('/srv/auth.sqlite', writer('y'))]);
    expect(events).to.deep.equal(['x starts', 'x ends', 'y starts', 'y ends']);
  });

  it('autocommit writers queued while their turn has not begun share it, side by side; a transaction waits for all of them, and those after it for it', async () => {
    const events: string[] = [];
    const writer = writerLogging(events);
    const file = '/shared/auth.sqlite';
    const answers = await Promise.allSettled([
      inSqliteWriteTurn(file, writer('t1')),
      inSharedSqliteWriteTurn(file, writer('c1')),
      inSharedSqliteWriteTurn(file, writer('c2', true)),
      inSharedSqliteWriteTurn(file, writer('c3')),
      inSqliteWriteTurn(file, writer('t2')),
      inSharedSqliteWriteTurn(file, writer('c4')),
    ]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).message))).to.deep.equal(['t1', 'c1', 'c2', 'c3', 't2', 'c4']);
    expect(answers[2].status).to.equal('rejected');
    expect(events).to.deep.equal(['t1 starts', 't1 ends', 'c1 starts', 'c2 starts', 'c3 starts', 'c1 ends', 'c2 ends', 'c3 ends', 't2 starts', 't2 ends', 'c4 starts', 'c4 ends']);
  });

  it('an autocommit writer that arrives once its shared turn has begun waits for the next turn', async () => {
    const events: string[] = [];
    const file = '/later/auth.sqlite';
    let lateArrival: Promise<void> | undefined;
    const first = inSharedSqliteWriteTurn(file, async () => {
      events.push('c1 starts');
      lateArrival = inSharedSqliteWriteTurn(file, async () => {
        events.push('c2 starts');
      });
      await tick();
      events.push('c1 ends');
    });
    await first;
    await lateArrival;
    expect(events).to.deep.equal(['c1 starts', 'c1 ends', 'c2 starts']);
  });
});

import { expect } from 'chai';
import { inSqliteWriteTurn } from '../../../../src/infrastructure/persistence/sqliteWriteTurns';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inSqliteWriteTurn: one writer at a time per SQLite file in this process', () => {
  it('runs the writers of one file one after another, in arrival order, also after a failure', async () => {
    const events: string[] = [];
    const writer = (name: string, fail = false) => async () => {
      events.push(`${name} starts`);
      await tick();
      events.push(`${name} ends`);
      if (fail) throw new Error(name);
      return name;
    };
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
    const writer = (name: string) => async () => {
      events.push(`${name} starts`);
      await tick();
      events.push(`${name} ends`);
    };
    await Promise.all([inSqliteWriteTurn('/one.sqlite', writer('one')), inSqliteWriteTurn('/two.sqlite', writer('two')), inSqliteWriteTurn({}, writer('m1')), inSqliteWriteTurn({}, writer('m2'))]);
    expect(events.slice(0, 4)).to.deep.equal(['one starts', 'two starts', 'm1 starts', 'm2 starts']);
  });

  it('names one file by its resolved path: two spellings share their turns', async () => {
    const events: string[] = [];
    const writer = (name: string) => async () => {
      events.push(`${name} starts`);
      await tick();
      events.push(`${name} ends`);
    };
    await Promise.all([inSqliteWriteTurn('/srv/a/../auth.sqlite', writer('x')), inSqliteWriteTurn('/srv/auth.sqlite', writer('y'))]);
    expect(events).to.deep.equal(['x starts', 'x ends', 'y starts', 'y ends']);
  });
});

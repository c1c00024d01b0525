import { expect } from 'chai';
import type { ParametrizedStatement } from '../../../../src/infrastructure/limits/pgSimpleQuery';
import { ManualTimeouts } from '../../../support/ManualTimeouts';
import { GIVE_BACK_WAIT_MS, SqlAttemptCounterTable, type CounterStatements, type PlannedCount } from '../../../../src/infrastructure/limits/SqlAttemptCounterTable';

/** The store's round trips as the table sends them: one entry a trip, each its statements. */
class RecordedStatements implements CounterStatements {
  readonly trips: ParametrizedStatement[][] = [];
  fail = false;

  readonly run = async (sql: string, params: readonly unknown[]) => this.trip([{ sql, params }]);
  readonly runAfter = async (first: ParametrizedStatement, then: ParametrizedStatement) => this.trip([first, then]);

  private trip(statements: ParametrizedStatement[]): Record<string, unknown>[] {
    this.trips.push(statements);
    if (this.fail) throw new Error('store down');
    return [];
  }

  /** Each trip as the kinds of its statements: a give-back (or remembering) upsert, or a count. */
  kinds(): string[][] {
    return this.trips.map((trip) => trip.map(({ sql }) => (sql.startsWith('WITH pair') ? 'count' : 'change')));
  }
}

const plan: PlannedCount = {
  now: 10_000,
  expire: 190_000,
  whenKnown: [],
  otherwise: ['login:account:alice@0'],
  windowSuffix: '@0',
  previousWindowSuffix: '@-1',
  previousWeight: 0.5,
  maxAttempts: 5,
};

describe('SqlAttemptCounterTable: a give-back that can wait rides on the next count', () => {
  let store: RecordedStatements;
  let schedule: ManualTimeouts;
  let table: SqlAttemptCounterTable;

  beforeEach(() => {
    store = new RecordedStatements();
    schedule = new ManualTimeouts();
    table = new SqlAttemptCounterTable(store, (n) => `$${n}`, schedule.schedule);
  });

  it('sends nothing for a give-back that can wait, then sends it before the next count in the same round trip', async () => {
    await table.settle({ now: 10_000, giveBack: ['login:account:alice@0', 'login:address:192.0.2.1@0'], canWait: true });
    await table.settle({ now: 10_500, giveBack: ['login:account:alice@0'], canWait: true });
    expect(store.trips).to.have.length(0);

    await table.count(plan);
    expect(store.kinds()).to.deep.equal([['change', 'count']]);
    const [giveBack] = store.trips[0];
    // Merged by key: alice gets two attempts back, the address one, judged at the latest give-back's time.
    expect(giveBack.params).to.deep.equal([10_500, 'login:account:alice@0', -2, 10_500, 'login:address:192.0.2.1@0', -1, 10_500]);
    expect(schedule.scheduled.map((wait) => [wait.ms, wait.cancelled])).to.deep.equal([[GIVE_BACK_WAIT_MS, true]]);

    await table.count(plan);
    expect(store.kinds(), 'given back once').to.deep.equal([['change', 'count'], ['count']]);
  });

  it('sends a give-back that waited out its wait on its own, once', async () => {
    await table.settle({ now: 10_000, giveBack: ['login:account:alice@0'], canWait: true });
    schedule.scheduled[0].work();
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.kinds()).to.deep.equal([['change']]);
    expect(store.trips[0][0].params).to.deep.equal([10_000, 'login:account:alice@0', -1, 10_000]);

    await table.flush();
    await table.count(plan);
    expect(store.kinds()).to.deep.equal([['change'], ['count']]);
  });

  it('sends at once what remembers a source, even when it may wait, together with its give-back', async () => {
    await table.settle({ now: 10_000, giveBack: ['login:account:alice@0'], remember: { key: 'login-known:alice@192.0.2.1#0', expire: 99_000 }, canWait: true });
    expect(store.kinds()).to.deep.equal([['change']]);
    expect(store.trips[0][0].params).to.deep.equal([10_000, 'login:account:alice@0', -1, 10_000, 'login-known:alice@192.0.2.1#0', 1, 99_000]);
    expect(schedule.scheduled).to.have.length(0);
  });

  it('sends at once a give-back that may not wait, and nothing for an empty settlement', async () => {
    await table.settle({ now: 10_000, giveBack: ['login:account:alice@0'] });
    await table.settle({ now: 10_000, giveBack: [] });
    await table.settle({ now: 10_000, giveBack: [], canWait: true });
    expect(store.kinds()).to.deep.equal([['change']]);
    expect(schedule.scheduled).to.have.length(0);
  });

  it('answers a flush only once the give-backs already sent on their own are answered (the store closes after them)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowStore: CounterStatements = { run: async () => held.then(() => []), runAfter: async () => [] };
    const slowTable = new SqlAttemptCounterTable(slowStore, (n) => `$${n}`, schedule.schedule);
    await slowTable.settle({ now: 10_000, giveBack: ['login:account:alice@0'], canWait: true });
    schedule.scheduled[0].work();
    let flushed = false;
    const flush = slowTable.flush().then(() => (flushed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).to.equal(false);
    release();
    await flush;
    expect(flushed).to.equal(true);
  });

  it('keeps a flush that the store fails from throwing (best effort), and does not send it again', async () => {
    await table.settle({ now: 10_000, giveBack: ['login:account:alice@0'], canWait: true });
    store.fail = true;
    await table.flush();
    store.fail = false;
    await table.count(plan);
    expect(store.kinds()).to.deep.equal([['change'], ['count']]);
  });

  it('answers a count the store fails with its error (the limiter then counts in memory)', async () => {
    await table.settle({ now: 10_000, giveBack: ['login:account:alice@0'], canWait: true });
    store.fail = true;
    let failure: unknown;
    await table.count(plan).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('store down');
  });
});

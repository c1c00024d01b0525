import { expect } from 'chai';
import pino from 'pino';
import { AttemptCounterStore } from '../../src/infrastructure/limits/AttemptCounterStore';
import type { SqlAttemptCounterTable, PlannedCount } from '../../src/infrastructure/limits/SqlAttemptCounterTable';
import { buildAuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const POLICY = { name: 'login', maxAttempts: 1e6, windowSeconds: 60 };
const KNOWN = { name: 'login-known', maxAttempts: 1e9, windowSeconds: 3600 };
const silent = pino({ level: 'silent' });

/** A count of one key in window 0, as the limiter plans it (no source). */
function countOf(key: string, now = Date.now()): PlannedCount {
  return { now, expire: now + 180_000, whenKnown: [], otherwise: [`${key}@0`], windowSuffix: '@0', previousWindowSuffix: '@-1', previousWeight: 0, maxAttempts: POLICY.maxAttempts };
}

async function pointsAfterCounting(table: SqlAttemptCounterTable, key: string): Promise<number> {
  const { rows } = await table.count(countOf(key));
  return rows[0].points;
}

const giveBackLater = (table: SqlAttemptCounterTable, key: string) => table.settle({ now: Date.now(), giveBack: [`${key}@0`], canWait: true });

for (const backend of STORE_BACKENDS) {
  describe(`give-backs that ride on the next count (${backend.name})`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let stores: AttemptCounterStore[];
    let tables: SqlAttemptCounterTable[];

    beforeEach(async () => {
      database = await backend.create();
      // Migrations create the counters table.
      await (await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url }))).close();
      stores = [0, 1].map(() => new AttemptCounterStore(database.url, silent));
      tables = stores.map((store) => store.plannedTable(POLICY, KNOWN)!.table as SqlAttemptCounterTable);
    });

    afterEach(async () => {
      await Promise.all(stores.map((store) => store.close()));
      await database.dispose();
    });

    it('gives back before its own instance counts again; another instance sees the attempt counted until then (stricter, never looser)', async () => {
      const [one, two] = tables;
      expect(await pointsAfterCounting(one, 'account:alice')).to.equal(1);
      await giveBackLater(one, 'account:alice');
      expect(await pointsAfterCounting(two, 'account:alice'), 'still counted elsewhere').to.equal(2);
      expect(await pointsAfterCounting(one, 'account:alice'), 'given back, then counted').to.equal(2);
      expect(await pointsAfterCounting(two, 'account:alice')).to.equal(3);
    });

    it("rides on the next count of any policy of its store (one table for all, each key carrying its policy's prefix)", async () => {
      const refreshes = stores[0].plannedTable({ name: 'refresh', maxAttempts: 1e6, windowSeconds: 60 }, KNOWN)!.table as SqlAttemptCounterTable;
      expect(refreshes).to.equal(tables[0]);
      await pointsAfterCounting(tables[0], 'login:account:dave');
      await giveBackLater(tables[0], 'login:account:dave');
      await pointsAfterCounting(refreshes, 'refresh:family:1');
      expect(await pointsAfterCounting(tables[1], 'login:account:dave'), 'given back with the refresh count').to.equal(1);
    });

    it('gives back many keys at once (more than a compound SELECT may hold on SQLite)', async () => {
      const [one, two] = tables;
      const keys = Array.from({ length: 1_200 }, (_, i) => `account:user${i}`);
      for (let i = 0; i < keys.length; i += 100) await Promise.all(keys.slice(i, i + 100).map((key) => one.count(countOf(key))));
      for (const key of keys) await giveBackLater(one, key);
      await one.flush();
      expect(await pointsAfterCounting(two, keys[0])).to.equal(1);
      expect(await pointsAfterCounting(two, keys[keys.length - 1])).to.equal(1);
    });

    it('sends what waits when its store closes', async () => {
      const [one, two] = tables;
      await pointsAfterCounting(one, 'account:bob');
      await giveBackLater(one, 'account:bob');
      await stores[0].close();
      expect(await pointsAfterCounting(two, 'account:bob')).to.equal(1);
    });

    it('writes keys of any text safely into the statement that carries them', async () => {
      const [one] = tables;
      const hostile = "account:o'brien\\'); DELETE FROM attempt_counters; --";
      await pointsAfterCounting(one, 'account:carol');
      expect(await pointsAfterCounting(one, hostile)).to.equal(1);
      await giveBackLater(one, hostile);
      expect(await pointsAfterCounting(one, hostile), 'given back, then counted').to.equal(1);
      expect(await pointsAfterCounting(one, 'account:carol'), 'nothing else touched').to.equal(2);
    });

    it('never deadlocks two instances whose give-backs and counts cross (each give-back is committed before its count)', async () => {
      const [one, two] = tables;
      for (let round = 0; round < 30; round++) {
        await Promise.all([giveBackLater(one, 'account:x'), giveBackLater(two, 'account:y')]);
        // One gives x back and counts y while the other gives y back and counts x: in one transaction each, they could deadlock.
        const counts = await Promise.all([one.count(countOf('account:y')), two.count(countOf('account:x'))]);
        expect(counts.map(({ rows }) => rows.length)).to.deep.equal([1, 1]);
      }
    });
  });
}

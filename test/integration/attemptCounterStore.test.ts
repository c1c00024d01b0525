import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { TYPES } from '../../src/interfaces/composition/types';
import { AttemptCounterStore } from '../../src/infrastructure/limits/AttemptCounterStore';
import { RateLimiterFlexibleAttemptLimiter } from '../../src/infrastructure/limits/RateLimiterFlexibleAttemptLimiter';
import { buildAuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { freePort } from '../support/freePort';
import { PostgresDatabase } from '../support/postgresDatabase';
import { SystemClock } from '../../src/infrastructure/system/SystemClock';

const WINDOW = { name: 'login', maxAttempts: 3, windowSeconds: 60 };
const SYSTEM_CLOCK = new SystemClock();

async function grantedOf(limiter: RateLimiterFlexibleAttemptLimiter, key: string, attempts: number): Promise<Array<number | null>> {
  const answers: Array<number | null> = [];
  for (let i = 0; i < attempts; i++) answers.push((await limiter.reserve([key])).retryAfterSeconds);
  return answers;
}

describe('AttemptCounterStore', function () {
  this.timeout(60_000);

  it('falls back to per-process memory when the store is unreachable: limits still hold, nothing throws', async () => {
    const store = new AttemptCounterStore(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, pino({ level: 'silent' }));
    try {
      const limiter = new RateLimiterFlexibleAttemptLimiter(store.limiter(WINDOW), SYSTEM_CLOCK, WINDOW.windowSeconds);
      const answers = await grantedOf(limiter, 'address:192.0.2.1', 4);
      expect(answers.slice(0, 3)).to.deep.equal([null, null, null]);
      // Sliding window: until enough of the four counted attempts slid out, within two windows.
      expect(answers[3]).to.be.within(1, 120);
    } finally {
      await store.close();
    }
  });

  it('gives a successful attempt back', async () => {
    const store = new AttemptCounterStore('sqlite::memory:', pino({ level: 'silent' }));
    const limiter = new RateLimiterFlexibleAttemptLimiter(store.limiter(WINDOW), SYSTEM_CLOCK, WINDOW.windowSeconds);
    for (let i = 0; i < 10; i++) await (await limiter.reserve(['account:a'])).succeeded();
    expect((await limiter.reserve(['account:a'])).retryAfterSeconds).to.equal(null);
    await store.close();
  });

  it('commits counts on SQLite without waiting for the disk (synchronous NORMAL), the store itself keeps FULL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counters-'));
    const url = `sqlite:${join(dir, 'auth.sqlite')}`;
    const server = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: url }));
    const store = new AttemptCounterStore(url, pino({ level: 'silent' }));
    try {
      await new RateLimiterFlexibleAttemptLimiter(store.limiter(WINDOW), SYSTEM_CLOCK, WINDOW.windowSeconds, undefined, store.plannedTable(WINDOW, WINDOW)).reserve(['address:a']);
      // The connection is the store's own: read through it, as the counts are written.
      const connection = (store as unknown as { sqlite: { all(sql: string, params: unknown[], callback: (error: Error | null, rows: Array<{ synchronous: number }>) => void): void } }).sqlite;
      const counters = await new Promise<number>((resolve, reject) => connection.all('PRAGMA synchronous', [], (error, rows) => (error ? reject(error) : resolve(rows[0].synchronous))));
      const keys = (await server.container.get<DataSource>(TYPES.DataSource).query('PRAGMA synchronous')) as Array<{ synchronous: number }>;
      expect({ counters, keys: keys[0].synchronous }).to.deep.equal({ counters: 1, keys: 2 });
    } finally {
      await store.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shares one count between two stores (processes) on one PostgreSQL database', async () => {
    const database = await PostgresDatabase.create();
    // Migrations create the counters table.
    await (await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url }))).close();
    const stores = [0, 1].map(() => new AttemptCounterStore(database.url, pino({ level: 'silent' })));
    try {
      const [one, two] = stores.map((store) => new RateLimiterFlexibleAttemptLimiter(store.limiter(WINDOW), SYSTEM_CLOCK, WINDOW.windowSeconds));
      await grantedOf(one, 'address:192.0.2.2', 2);
      expect(await grantedOf(two, 'address:192.0.2.2', 2)).to.satisfy((answers: Array<number | null>) => answers[0] === null && answers[1] !== null);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    }
  });
});

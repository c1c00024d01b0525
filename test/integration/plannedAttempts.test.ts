import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { AttemptPlan } from '../../src/domain/ports/AttemptLimiter';
import { AttemptCounterStore } from '../../src/infrastructure/limits/AttemptCounterStore';
import { RateLimiterFlexibleAttemptLimiter, type PlannedCounterTable } from '../../src/infrastructure/limits/RateLimiterFlexibleAttemptLimiter';
import { RateLimiterFlexibleKnownSources } from '../../src/infrastructure/limits/RateLimiterFlexibleKnownSources';
import { buildAuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { FixedClock } from '../support/FixedClock';
import { freePort } from '../support/freePort';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const POLICY = { name: 'login', maxAttempts: 3, windowSeconds: 60 };
const KNOWN = { name: 'login-known', maxAttempts: 1e9, windowSeconds: 7 * 24 * 3600 };
const silent = pino({ level: 'silent' });

/** The login's plan: a known address spends its own allowance, any other the address's then the account's. */
function plan(address: string, account = 'account:alice'): AttemptPlan {
  return { subject: account, from: { source: address, whenKnown: [`known:${account}@${address}`] }, otherwise: [`address:${address}`, account] };
}

/** Counts the table's statements that the store carried out: each of its calls is one statement, one round trip. */
function counting(table: PlannedCounterTable): { table: PlannedCounterTable; statements: () => number } {
  let statements = 0;
  const carriedOut = async <T>(statement: Promise<T>): Promise<T> => {
    const answer = await statement;
    statements++;
    return answer;
  };
  return {
    table: {
      ...table,
      table: {
        count: (count) => carriedOut(table.table.count(count)),
        settle: (settlement) => carriedOut(table.table.settle(settlement)),
      },
    },
    statements: () => statements,
  };
}

for (const backend of STORE_BACKENDS) {
  describe(`planned attempts in one statement (${backend.name})`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let stores: AttemptCounterStore[];
    let clock: FixedClock;

    const limiter = (store = stores[0], table = store.plannedTable(POLICY, KNOWN)) =>
      new RateLimiterFlexibleAttemptLimiter(store.limiter(POLICY), clock, POLICY.windowSeconds, new RateLimiterFlexibleKnownSources(store.limiter(KNOWN), clock, KNOWN.windowSeconds), table);

    beforeEach(async () => {
      database = await backend.create();
      // Migrations create the counters table.
      await (await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url }))).close();
      stores = [0, 1].map(() => new AttemptCounterStore(database.url, silent));
      clock = new FixedClock(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000));
    });

    afterEach(async () => {
      await Promise.all(stores.map((store) => store.close()));
      await database.dispose();
    });

    it('counts an unknown address and then the account in one statement, and settles a success in one more', async () => {
      const counted = counting(stores[0].plannedTable(POLICY, KNOWN)!);
      const limits = limiter(stores[0], counted.table);

      const attempt = await limits.attempt(plan('192.0.2.1'));
      expect([attempt.known, attempt.retryAfterSeconds, attempt.counted, counted.statements()]).to.deep.equal([false, null, ['address:192.0.2.1', 'account:alice'], 1]);
      await attempt.settle({ giveBack: attempt.counted, remember: true });
      expect(counted.statements()).to.equal(2);

      const again = await limits.attempt(plan('192.0.2.1'));
      expect([again.known, again.counted, counted.statements()], 'now known: its own allowance only').to.deep.equal([true, ['known:account:alice@192.0.2.1'], 3]);
    });

    it('refuses over the limit, and a refused address does not count against the account', async () => {
      const limits = limiter();
      for (let i = 0; i < 3; i++) await limits.attempt(plan('192.0.2.1', `account:user${i}`));

      const refused = await limits.attempt(plan('192.0.2.1'));
      expect(refused.counted).to.deep.equal(['address:192.0.2.1']);
      expect(refused.retryAfterSeconds).to.be.within(1, 120);
      const other = await limits.attempt(plan('192.0.2.9'));
      expect(other.retryAfterSeconds, 'alice still has all her attempts').to.equal(null);
    });

    it('gives back what a success counted, so successes never use the allowance up', async () => {
      const limits = limiter();
      for (let i = 0; i < 10; i++) {
        const attempt = await limits.attempt(plan(`198.51.100.${i}`));
        expect(attempt.retryAfterSeconds).to.equal(null);
        await attempt.settle({ giveBack: attempt.counted, remember: false });
      }
    });

    it('lets a known address through while the account is locked by guesses from elsewhere', async () => {
      const limits = limiter();
      const first = await limits.attempt(plan('192.0.2.1'));
      await first.settle({ giveBack: first.counted, remember: true });
      for (let i = 0; i < 4; i++) await limits.attempt(plan(`203.0.113.${i}`));

      expect((await limits.attempt(plan('203.0.113.50'))).retryAfterSeconds, 'the account is locked for others').to.not.equal(null);
      expect((await limits.attempt(plan('192.0.2.1'))).retryAfterSeconds).to.equal(null);
    });

    it('remembers a source for the period after the one it succeeded in, and carries it into the new one', async () => {
      const limits = limiter();
      const first = await limits.attempt(plan('192.0.2.1'));
      await first.settle({ giveBack: first.counted, remember: true });

      clock.advanceSeconds(KNOWN.windowSeconds);
      expect((await limits.attempt(plan('192.0.2.1'))).known).to.equal(true);
      clock.advanceSeconds(KNOWN.windowSeconds);
      expect((await limits.attempt(plan('192.0.2.1'))).known, 'carried into the second period').to.equal(true);
      clock.advanceSeconds(2 * KNOWN.windowSeconds);
      expect((await limits.attempt(plan('192.0.2.1'))).known, 'forgotten two periods on').to.equal(false);
    });

    it('never lets a give-back make a count negative', async () => {
      const limits = limiter();
      const attempt = await limits.attempt(plan('192.0.2.1'));
      for (let i = 0; i < 3; i++) await attempt.settle({ giveBack: attempt.counted, remember: false });
      for (let i = 0; i < 3; i++) expect((await limits.attempt(plan('192.0.2.1'))).retryAfterSeconds).to.equal(null);
      expect((await limits.attempt(plan('192.0.2.1'))).retryAfterSeconds).to.not.equal(null);
    });

    it('lets exactly the limit through when two instances take 40 attempts at once', async () => {
      const [one, two] = stores.map((store) => limiter(store));
      const attempts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? one : two).attempt(plan('192.0.2.7', `account:user${i}`))));

      expect(attempts.filter((attempt) => attempt.retryAfterSeconds === null)).to.have.length(3);
    });
  });
}

describe('planned attempts when the store is unreachable', () => {
  it('fall back to per-process counts: the limit still holds, nothing throws', async () => {
    const store = new AttemptCounterStore(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, silent);
    try {
      const clock = new FixedClock(new Date());
      const limits = new RateLimiterFlexibleAttemptLimiter(store.limiter(POLICY), clock, POLICY.windowSeconds, undefined, store.plannedTable(POLICY, KNOWN));
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await limits.attempt(plan('192.0.2.1'))).retryAfterSeconds);
      expect(answers.slice(0, 3)).to.deep.equal([null, null, null]);
      expect(answers[3]).to.be.within(1, 120);
    } finally {
      await store.close();
    }
  });

  it('on a SQLite file that cannot be opened too: the connection\'s errors are answered to the counts (never thrown at the process), the limit still holds', async () => {
    // A directory where the file should be: SQLite cannot open it, and every statement on the connection fails.
    const store = new AttemptCounterStore(`sqlite:${mkdtempSync(join(tmpdir(), 'counters-'))}`, silent);
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    const mochaHandlers = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', record);
    try {
      const clock = new FixedClock(new Date());
      const limits = new RateLimiterFlexibleAttemptLimiter(store.limiter(POLICY), clock, POLICY.windowSeconds, undefined, store.plannedTable(POLICY, KNOWN));
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await limits.attempt(plan('192.0.2.1'))).retryAfterSeconds);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught.map(String)).to.deep.equal([]);
      expect(answers.slice(0, 3)).to.deep.equal([null, null, null]);
      expect(answers[3]).to.be.within(1, 120);
    } finally {
      process.removeListener('uncaughtException', record);
      for (const handler of mochaHandlers) process.on('uncaughtException', handler);
      await store.close();
    }
  });
});

/**
 * Issue 35 target 4, second half: with the database store, a successful login
 * makes at most one store round trip. The auth service (its entry point, its
 * default login limits) runs on a scratch PostgreSQL database that it reaches
 * through a counting proxy (bench/lib/pgRoundTrips.ts). Its users come from
 * bench/servers/benchUsers.cjs (AUTH_USER_STORE=module:…), which answers every
 * login from memory: the stub store would turn the attempt limits off (nothing
 * to guess), and a database user would add its own lookup, so what the logins
 * send is the attempt limiter's. The service talks to its store when idle too
 * (revocation and key re-reads), so that is counted first; then N logins from
 * one address, one after another, less the idle rate over the same time, per
 * login (the log shows the split by statement).
 */
import { Agent } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../src/infrastructure/config/projectRoot';
import { loginJob } from './lib/authCalls';
import { startAuthService } from './lib/authService';
import { PgRoundTripProxy, type RoundTripTally } from './lib/pgRoundTrips';
import { withPostgres } from './lib/postgresScratch';
import { post, type RunningServer } from './lib/processes';
import type { Report } from './lib/report';

export const LOGIN_STORE_TARGETS = { loginStoreRoundTrips: 'auth login store round trips, PostgreSQL' } as const;
const NAME = LOGIN_STORE_TARGETS.loginStoreRoundTrips;
const TARGET = { on: 'value', limit: 1, atMost: true } as const;
const UNIT = 'round trips';
const IDLE_BASELINE = 'auth store round trips per idle second, PostgreSQL';
/**
 * Waited after the last login's answer before the count is read: the service
 * may write after it answered (an attempt given back), and those writes are
 * the login's too. The idle rate is subtracted for this time as well.
 */
const SETTLE_MS = 500;
/** Every username is a user of its own, any password right (a plain CommonJS file, taken from the sources). */
const BENCH_USERS = join(projectRoot(__dirname), 'bench', 'servers', 'benchUsers.cjs');
/** Logins before counting: the store's connections are open and the code is warm. */
const WARM_UP_LOGINS = 5;

export interface LoginRoundTripOptions {
  readonly report: Report;
  /** An administrative URL of the PostgreSQL server; a scratch database is created there and dropped after. */
  readonly postgresUrl: string;
  readonly logins: number;
  readonly idleSeconds: number;
  readonly log: (line: string) => void;
}

export async function measureLoginRoundTrips(options: LoginRoundTripOptions): Promise<void> {
  options.log(`store round trips of a successful login on PostgreSQL: ${options.idleSeconds} s idle, then ${options.logins} logins in a row, through a counting proxy`);
  try {
    await withPostgres(options.postgresUrl, 1, ([url]) => countLogins(url, options));
  } catch (error) {
    options.report.failed(NAME, error instanceof Error ? error.message : String(error), TARGET, UNIT);
  }
}

async function countLogins(databaseUrl: string, options: LoginRoundTripOptions): Promise<void> {
  const { report, logins, log } = options;
  const upstream = new URL(databaseUrl);
  const proxy = await PgRoundTripProxy.start({ host: upstream.hostname, port: Number(upstream.port || '5432') });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  let server: RunningServer | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    server = await startAuthService({ AUTH_DATABASE_URL: proxied.toString(), AUTH_USER_STORE: `module:${BENCH_USERS}` });
    const login = loginJob(server.port);
    const logIn = async () => {
      const answer = await post(login.url, login.body ?? '', login.headers ?? {}, agent);
      if (answer.status !== 200) throw new Error(`a login answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    };
    for (let i = 0; i < WARM_UP_LOGINS; i++) await logIn();
    await sleep(SETTLE_MS);
    const idle = await counted(proxy, () => sleep(options.idleSeconds * 1000));
    const busy = await counted(proxy, async () => {
      for (let i = 0; i < logins; i++) await logIn();
      await sleep(SETTLE_MS);
    });
    if (proxy.problem !== undefined) throw new Error(proxy.problem);
    const split = perLogin(idle, busy, logins);
    const total = split.reduce((sum, [, trips]) => sum + trips, 0);
    const idleRate = idle.tally.total / idle.seconds;
    log(`  idle: ${idle.tally.total} round trips in ${idle.seconds.toFixed(1)} s; ${logins} logins: ${busy.tally.total} in ${busy.seconds.toFixed(1)} s; ${total.toFixed(2)} a login`);
    for (const [statement, trips] of split) log(`    ${trips.toFixed(2)} a login: ${statement}`);
    report.baselines[IDLE_BASELINE] = idleRate;
    report.figure(NAME, total, UNIT, IDLE_BASELINE, TARGET);
  } finally {
    agent.destroy();
    await server?.stop();
    await proxy.close();
  }
}

export interface Counted {
  readonly tally: RoundTripTally;
  readonly seconds: number;
}

/** The round trips counted while `work` ran, and how long it took. */
async function counted(proxy: PgRoundTripProxy, work: () => Promise<unknown>): Promise<Counted> {
  const before = proxy.tally();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const after = proxy.tally();
  const byStatement = new Map([...after.byStatement].map(([statement, trips]) => [statement, trips - (before.byStatement.get(statement) ?? 0)]));
  return { tally: { total: after.total - before.total, byStatement }, seconds };
}

/**
 * Round trips a login of each statement, largest first: what the logins'
 * period counted less the statement's idle rate over the same time. A
 * statement below its idle rate sent none for the logins: it counts zero, not
 * less (background reads come every second, so a short period may hold one
 * fewer than the rate says).
 */
export function perLogin(idle: Counted, busy: Counted, logins: number): Array<[string, number]> {
  return [...busy.tally.byStatement]
    .map(([statement, trips]): [string, number] => {
      const background = ((idle.tally.byStatement.get(statement) ?? 0) / idle.seconds) * busy.seconds;
      return [statement, Math.max(0, trips - background) / logins];
    })
    .filter(([, trips]) => trips > 0)
    .sort((a, b) => b[1] - a[1]);
}

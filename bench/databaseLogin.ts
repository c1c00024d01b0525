/**
 * Issue 35 target 6: a login with a database user at the default scrypt cost
 * does at least 0.9× the logins per CPU-second that raw scrypt does hashes on
 * the same cores. The user is added through the users CLI to a SQLite file and
 * the service (its entry point, AUTH_USER_STORE=database) logs it in under
 * sustained load; the floor is node:crypto scrypt with the same parameters on
 * every core of the machine, run for as long before and after the logins.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ScryptPasswordHasher } from '../src/infrastructure/auth/ScryptPasswordHasher';
import { loadAuthServerConfig } from '../src/infrastructure/config/AuthServerConfig';
import { createDataSource, openDatabase } from '../src/infrastructure/persistence/createDataSource';
import { startAuthService } from './lib/authService';
import { addDatabaseUser } from './lib/benchUser';
import type { LoadGenerator } from './lib/load';
import type { RunningServer } from './lib/processes';
import { defaultScryptParameters, rawScrypt, type ScryptRun } from './lib/rawScrypt';
import type { Report } from './lib/report';
import { sustainedRows, type SustainedOptions } from './lib/sustained';

export const DATABASE_LOGIN_TARGETS = { databaseLoginVsScrypt: 'auth login, database user: logins per CPU-second vs raw scrypt' } as const;
const NAME = DATABASE_LOGIN_TARGETS.databaseLoginVsScrypt;
const TARGET = { limit: 0.9 } as const;
const UNIT = 'logins/CPU-s';
const ACCOUNT = 'bench-database-user';
const PASSWORD = 'bench-database-password';
const FLOOR = 'raw scrypt hashes per CPU-second, same parameters';

export interface DatabaseLoginRows {
  readonly report: Report;
  readonly load: LoadGenerator;
  /** The bench's sustained runs; the connections are this row's own (below). */
  readonly sustained: SustainedOptions;
  /** A folder for the SQLite file, removed by the caller. */
  readonly scratch: string;
  readonly log: (line: string) => void;
}

export async function measureDatabaseLogin(rows: DatabaseLoginRows): Promise<void> {
  const { report, log } = rows;
  const parameters = defaultScryptParameters();
  const cores = availableParallelism();
  // One load generator on one address is not a brute-force attack: keep a login rate limit out of the figure (as run.ts does).
  const env = { AUTH_DATABASE_URL: `sqlite:${join(rows.scratch, 'database-user.sqlite')}`, AUTH_USER_STORE: 'database', AUTH_LOGIN_MAX_ATTEMPTS: '100000' };
  const config = loadAuthServerConfig(env);
  // One login at a time. A run that ends leaves its last login hashing in the service (autocannon closes the
  // connection, the service finishes the hash), and the next run's first login must still find room in the
  // address's share of the login capacity (InFlightLoginCapacity: a quarter, at least one; two at the defaults),
  // or it is answered 503 by design. Per CPU-second, how many wait for the hasher does not matter.
  const connections = 1;
  // Autocannon runs at least a second or two whatever BENCH_SECONDS says (runSpan): the floor runs no shorter.
  const floorSeconds = Math.max(rows.sustained.seconds, 1);
  log(
    `login with a database user (scrypt N=${parameters.N} r=${parameters.r} p=${parameters.p}, ${config.hashConcurrency} at once), ${connections} connections; ` +
      `raw scrypt on ${cores} cores for ${floorSeconds} s before and after`,
  );
  let server: RunningServer | undefined;
  try {
    await addDatabaseUser(env.AUTH_DATABASE_URL, ACCOUNT, PASSWORD);
    await expectHashedWith(env.AUTH_DATABASE_URL, new ScryptPasswordHasher(parameters));
    server = await startAuthService(env);
    const before = await rawScrypt(parameters, floorSeconds, cores);
    const results = await sustainedRows(
      rows.load,
      [
        {
          label: 'auth login, database user',
          server,
          job: { url: `http://127.0.0.1:${server.port}/auth/oauth/jwt/token`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ACCOUNT, password: PASSWORD }) },
        },
      ],
      { ...rows.sustained, connections, fed: undefined },
      log,
    );
    const after = await rawScrypt(parameters, floorSeconds, cores);
    const floor = combined(before, after);
    log(`  raw scrypt: ${floor.perSecond.toFixed(1)} hashes/s, ${floor.perCpuSecond.toFixed(1)} per CPU-second (${floor.hashes} hashes)`);
    const login = results.measured.get('auth login, database user');
    if (!login) throw new Error(results.failed.get('auth login, database user') ?? 'not measured');
    const wall = `raw scrypt hashes/s, same parameters, ${cores} at once`;
    report.baselines[wall] = floor.perSecond;
    report.efficiency[wall] = floor.perCpuSecond;
    report.rate('auth login, database user req/s', login, wall);
    report.baselines[FLOOR] = floor.perCpuSecond;
    report.figure(NAME, login.reqPerCpuSec, UNIT, FLOOR, TARGET);
  } catch (error) {
    report.failed(NAME, error instanceof Error ? error.message : String(error), TARGET, UNIT);
  } finally {
    await server?.stop();
  }
}

/** Throws unless the user's stored hash has exactly `hasher`'s parameters (the CLI hashed at another cost otherwise). */
async function expectHashedWith(databaseUrl: string, hasher: ScryptPasswordHasher): Promise<void> {
  const dataSource = await openDatabase(createDataSource(databaseUrl));
  try {
    const [row] = (await dataSource.query('SELECT password_hash FROM users WHERE account = ?', [ACCOUNT])) as Array<{ password_hash: string }>;
    if (!row) throw new Error(`npm run users -- add left no user ${ACCOUNT}`);
    if (hasher.needsRehash(row.password_hash)) throw new Error(`the user's hash is not at the default parameters: ${row.password_hash.split('$').slice(0, 4).join('$')}`);
  } finally {
    await dataSource.destroy();
  }
}

function combined(...runs: ScryptRun[]): { hashes: number; perSecond: number; perCpuSecond: number } {
  const sum = (pick: (run: ScryptRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return { hashes: sum((run) => run.hashes), perSecond: sum((run) => run.hashes) / sum((run) => run.seconds), perCpuSecond: sum((run) => run.hashes) / sum((run) => run.cpuSeconds) };
}

/**
 * Cost as work grows, measured in this process: the account lookup of a
 * database login with 1, 10 k and 100 k users (SQLite and PostgreSQL, with the
 * query plan), verification with 1 and 50 published keys, and the
 * verified-token cache with 1 and 100 k distinct tokens (memory bounded).
 */
import { createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import type { DataSource } from 'typeorm';
import { buildTokenVerifier, type VerificationKey, type VerificationKeySource } from '@auth-service/client';
import { accountLookupPlan } from '../src/infrastructure/persistence/accountLookupPlan';
import { createDataSource, openDatabase } from '../src/infrastructure/persistence/createDataSource';
import { TypeOrmUserRepository } from '../src/infrastructure/persistence/TypeOrmUserRepository';
import { SystemClock } from '../src/infrastructure/system/SystemClock';
import { withPostgres } from './lib/postgresScratch';

export interface ScaleRow {
  readonly what: string;
  readonly size: string;
  readonly opsPerSec: number;
  /** ops/s relative to the smallest size of the same row group. */
  readonly ratio: number;
  readonly note: string;
}

/** Operations per second of `op` (awaited one after the other) for about `seconds`. */
async function rate(seconds: number, op: (i: number) => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(seconds * 1e9));
  let count = 0;
  do {
    for (let i = 0; i < 16; i++) await op(count++);
  } while (process.hrtime.bigint() < deadline);
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

const USER_SIZES = [1, 10_000, 100_000];

/** Tops the users table up to `n` rows in one statement (account `user<i>`). */
async function fillUsers(dataSource: DataSource, from: number, to: number): Promise<void> {
  // account_key is the login comparison key (NFKC, case-folded): `user<i>` already is its own key.
  const columns = 'id, account, account_key, password_hash, nick_name, user_type, status, created_at, updated_at';
  const values = "'u' || n, 'user' || n, 'user' || n, 'x', 'user ' || n, 'MEMBER', 'active', 0, 0";
  if (dataSource.options.type === 'postgres') {
    await dataSource.query(`INSERT INTO users (${columns}) SELECT ${values} FROM generate_series(${from}, ${to}) AS n`);
    await dataSource.query('ANALYZE users');
  } else {
    await dataSource.query(
      `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to}) INSERT INTO users (${columns}) SELECT ${values} FROM seq`,
    );
    await dataSource.query('ANALYZE');
  }
}

/**
 * One database per size, measured in turns (1-second-ish slices, best slice
 * kept), so a burst of load from other jobs does not land on one size only.
 */
async function userLookups(name: string, urls: readonly string[], seconds: number): Promise<ScaleRow[]> {
  const sources = await Promise.all(urls.map((url) => openDatabase(createDataSource(url), { connectSeconds: 5 })));
  try {
    await Promise.all(sources.map((dataSource, index) => fillUsers(dataSource, 1, USER_SIZES[index])));
    const best = USER_SIZES.map(() => 0);
    for (let turn = 0; turn < 5; turn++) {
      for (const [index, dataSource] of sources.entries()) {
        const users = new TypeOrmUserRepository(dataSource);
        const size = USER_SIZES[index];
        const perSec = await rate(seconds / 5, async (i) => {
          if (!(await users.findByAccount(`user${1 + ((i * 7919) % size)}`))) throw new Error('lookup missed');
        });
        best[index] = Math.max(best[index], perSec);
      }
    }
    return await Promise.all(
      sources.map(async (dataSource, index) => ({
        what: `login account lookup, ${name}`,
        size: `${USER_SIZES[index]} users`,
        opsPerSec: best[index],
        ratio: best[index] / best[0],
        note: await accountLookupPlan(dataSource, 'user1'),
      })),
    );
  } finally {
    await Promise.all(sources.map((dataSource) => dataSource.destroy()));
  }
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const ISSUER = 'http://127.0.0.1/auth';

function claims(subject: string): object {
  const now = Math.floor(Date.now() / 1000);
  return { sub: subject, userId: subject, account: subject, nickName: subject, userType: 'MEMBER', iss: ISSUER, iat: now, exp: now + 3600, jti: subject };
}

function source(keys: VerificationKey[]): VerificationKeySource {
  const byKid = new Map(keys.map((key) => [key.kid, key]));
  return { keyFor: (kid) => (kid === undefined ? undefined : byKid.get(kid)), hasAnyKey: () => byKid.size > 0 };
}

/** ES256 keys (quick to make): the token is signed by the last one published. */
async function verificationKeys(seconds: number): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const count of [1, 50]) {
    const pairs = Array.from({ length: count }, (_, i) => ({ kid: `k${i}`, ...generateKeyPairSync('ec', { namedCurve: 'prime256v1' }) }));
    const keys = pairs.map((pair) => ({ kid: pair.kid, method: 'ecdsa' as const, algorithms: ['ES256'], material: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64') }));
    const signer = pairs[pairs.length - 1];
    const input = `${base64url({ alg: 'ES256', typ: 'JWT', kid: signer.kid })}.${base64url(claims('1'))}`;
    const token = `${input}.${sign('sha256', Buffer.from(input), { key: signer.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    const verifier = buildTokenVerifier(source(keys), new SystemClock(), { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18_000, verifiedTokenCacheSize: 0 });
    const perSec = await rate(seconds, () => verifier.verify(token));
    rows.push({ what: 'verification (ES256, no cache)', size: `${count} published keys`, opsPerSec: perSec, ratio: perSec / (rows[0]?.opsPerSec ?? perSec), note: 'key looked up by kid in a Map' });
  }
  return rows;
}

function heapUsedAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/** HS256 tokens (100 k are made in a second): 1 token sent again and again vs 100 k distinct ones in turn. */
async function tokenCache(seconds: number, maxEntries: number): Promise<ScaleRow[]> {
  const secret = randomBytes(32);
  const key: VerificationKey = { kid: 'h', method: 'hmac', algorithms: ['HS256'], material: secret.toString('base64') };
  const header = base64url({ alg: 'HS256', typ: 'JWT', kid: 'h' });
  const make = (i: number) => {
    const input = `${header}.${base64url(claims(`user${i}`))}`;
    return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
  };
  const rows: ScaleRow[] = [];
  for (const distinct of [1, 100_000]) {
    const tokens = Array.from({ length: distinct }, (_, i) => make(i));
    const keys = source([key]);
    const clock = new SystemClock();
    const before = heapUsedAfterGc();
    const cache = buildTokenVerifier(keys, clock, { issuer: ISSUER, clockToleranceSeconds: 0, maxTokenLifetimeSeconds: 18_000, verifiedTokenCacheSize: maxEntries });
    const perSec = await rate(seconds, (i) => cache.verify(tokens[i % distinct]));
    const heldMb = (heapUsedAfterGc() - before) / 2 ** 20;
    rows.push({
      what: `verified-token cache (max ${maxEntries})`,
      size: `${distinct} distinct tokens`,
      opsPerSec: perSec,
      ratio: perSec / (rows[0]?.opsPerSec ?? perSec),
      note: `at most ${Math.min(maxEntries, distinct)} entries held, ${heldMb.toFixed(1)} MB heap`,
    });
  }
  return rows;
}

export interface ScaleOptions {
  readonly seconds: number;
  readonly scratch: string;
  readonly postgresUrl: string;
  readonly log: (line: string) => void;
}

export async function runScale(options: ScaleOptions): Promise<ScaleRow[]> {
  const { seconds, log } = options;
  const rows: ScaleRow[] = [];
  log('cost as work grows: account lookup with 1/10k/100k users (SQLite)');
  rows.push(...(await userLookups('SQLite', USER_SIZES.map((size) => `sqlite:${join(options.scratch, `users-${size}.sqlite`)}`), seconds)));
  log('  … and on PostgreSQL');
  try {
    rows.push(...(await withPostgres(options.postgresUrl, USER_SIZES.length, (urls) => userLookups('PostgreSQL', urls, seconds))));
  } catch (error) {
    log(`  PostgreSQL not measured: ${error instanceof Error ? error.message : String(error)}`);
  }
  log('  verification with 1 and 50 published keys; verified-token cache with 1 and 100k tokens');
  rows.push(...(await verificationKeys(seconds)));
  rows.push(...(await tokenCache(seconds, 10_000)));
  return rows;
}

export function formatScale(rows: readonly ScaleRow[]): string {
  const table = [
    ['cost as work grows', 'size', 'ops/s', 'vs smallest', 'note'],
    ...rows.map((row) => [row.what, row.size, row.opsPerSec.toFixed(0), `${row.ratio.toFixed(2)}×`, row.note]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => [...row[column]].length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length)).join(' | ')} |`;
  return [line(table[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)].join('\n');
}

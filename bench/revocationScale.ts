/**
 * Revocation growth (issue 20, finding 8): 100,000 revocations in the shared
 * store, the auth service (its real entry point, one process) re-reading them
 * every second. Prints the feed's full size, the size of each incremental
 * refresh while a login + sign-out loop runs, and the latency of
 * /actuator/health meanwhile, next to the same with an empty list.
 *
 *   npm run bench:revocations                      (SQLite file)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:revocations
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataSource, openDatabase } from '../src/infrastructure/persistence/createDataSource';
import { fillRevocations, TOKENS_PER_SUBJECT } from './lib/revocationFill';

const ENTRY = join(__dirname, '..', 'src', 'interfaces', 'composition', `authServer${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
const REVOCATIONS = 100_000;
/** 1,000 subjects with 100 revoked tokens each (fillRevocations). */
const SUBJECTS = REVOCATIONS / TOKENS_PER_SUBJECT;
const CLIENT = { appId: 'bench-revocations', appSecret: 'bench-revocations-secret-0123456789' };
const HEALTH_SAMPLES = 2_000;
const REFRESHES = 10;

interface Running {
  readonly origin: string;
  stop(): Promise<void>;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-revocations-'));
  const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'auth.sqlite')}`;
  try {
    console.log(`store: ${url.startsWith('sqlite:') ? 'SQLite file' : 'PostgreSQL'}; ${REVOCATIONS.toLocaleString('en')} revocations over ${SUBJECTS} subjects\n`);
    const dataSource = await openDatabase(createDataSource(url));
    await dataSource.query('DELETE FROM token_revocations');
    const empty = await measure(url, 'empty list');
    await fillRevocations(dataSource, REVOCATIONS);
    await dataSource.destroy();
    const full = await measure(url, `${REVOCATIONS.toLocaleString('en')} revocations`);
    console.log('\n| list | full feed | incremental refresh (median / max) | health p50 | p90 | p99 |');
    console.log('|---|---|---|---|---|---|');
    for (const row of [empty, full]) console.log(`| ${row.label} | ${kb(row.fullBytes)} | ${kb(row.incremental[Math.floor(row.incremental.length / 2)])} / ${kb(Math.max(...row.incremental))} | ${row.p50.toFixed(1)} ms | ${row.p90.toFixed(1)} ms | ${row.p99.toFixed(1)} ms |`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Row {
  readonly label: string;
  readonly fullBytes: number;
  readonly incremental: number[];
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
}

async function measure(url: string, label: string): Promise<Row> {
  const auth = await start(url);
  try {
    const feedUrl = (since?: number) =>
      `${auth.origin}/auth/client/revocations?appId=${CLIENT.appId}&appSecret=${CLIENT.appSecret}${since === undefined ? '' : `&since=${since}`}`;
    const first = await fetch(feedUrl());
    const firstText = await first.text();
    let cursor = (JSON.parse(firstText) as { data: { cursor: number } }).data.cursor;
    // Health while the instance re-reads its revocations every second, with a login + sign-out loop writing.
    const loop = signOutLoop(auth.origin);
    const latencies: number[] = [];
    const incremental: number[] = [];
    let nextRefresh = performance.now() + 1000;
    for (let i = 0; i < HEALTH_SAMPLES; i++) {
      const started = performance.now();
      const health = await fetch(`${auth.origin}/auth/actuator/health`);
      await health.arrayBuffer();
      latencies.push(performance.now() - started);
      if (performance.now() >= nextRefresh && incremental.length < REFRESHES) {
        const page = await fetch(feedUrl(cursor));
        const text = await page.text();
        incremental.push(Buffer.byteLength(text));
        cursor = (JSON.parse(text) as { data: { cursor: number } }).data.cursor;
        nextRefresh += 1000;
      }
    }
    loop.stop();
    await loop.done;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    console.log(`${label}: full feed ${kb(Buffer.byteLength(firstText))}; incremental refreshes ${incremental.map(kb).join(', ')}; ${loop.cycles()} sign-outs`);
    return { label, fullBytes: Buffer.byteLength(firstText), incremental, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
  } finally {
    await auth.stop();
  }
}

/** About five login + sign-out cycles a second, the rate of the finding. */
function signOutLoop(origin: string): { stop(): void; done: Promise<void>; cycles(): number } {
  let running = true;
  let cycles = 0;
  const done = (async () => {
    while (running) {
      const login = await fetch(`${origin}/auth/oauth/jwt/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"admin","password":"any"}' });
      const token = ((await login.json()) as { data?: { access_token?: string } }).data?.access_token;
      if (token) {
        const revoke = await fetch(`${origin}/auth/oauth/revoke`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${token}` });
        await revoke.arrayBuffer();
        cycles++;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return { stop: () => (running = false), done, cycles: () => cycles };
}

async function start(url: string): Promise<Running> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, __filename.endsWith('.ts') ? ['-r', 'ts-node/register/transpile-only', ENTRY] : [ENTRY], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_DATABASE_URL: url,
      AUTH_ISSUER: 'http://bench.test/auth',
      AUTH_CLIENTS: `${CLIENT.appId}:${CLIENT.appSecret}`,
      AUTH_SHUTDOWN_GRACE_MS: '0',
      // The bench's own loop would otherwise trip the login limits.
      AUTH_LOGIN_MAX_ATTEMPTS: '100000',
    },
    // The service's defaults, access log included; its lines are not this bench's output.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('the auth service exited before answering');
    const up = await fetch(`http://127.0.0.1:${port}/auth/actuator/health`).then((response) => response.ok, () => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The client library's memory as a user's service pays it (issue 35 point 9): a child process at node's
 * default flags builds `createTokenMiddleware` on a test-kit issuer's key, verifies one token (jsonwebtoken
 * loaded: the idle figure), then takes distinct test-kit tokens one per line on stdin and runs each through
 * the middleware's handler as a request would (fake req/res). It reports its RSS when idle and after the
 * last token, and the heap after a `gc()` that follows the RSS reading (what the entries keep alive).
 * The parent mints the tokens (RS256 on libuv's pool, the test kit's key and claims) and streams them, so
 * the child never holds them all. `node dist/bench/libraryMemory.js [tokens]` prints the figures.
 */
import { spawn } from 'node:child_process';
import { randomUUID, sign } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import type { Request, Response } from 'express';
import { createTestIssuer, TEST_USER_CLAIMS, type TestIssuer } from '@auth-service/client/testing';
import { childExecArgv, scriptPath } from './lib/processes';

export interface LibraryMemoryFigures {
  readonly tokens: number;
  /** RSS (MB) after start-up and one verification. */
  readonly idleRssMb: number;
  /** RSS (MB) after the last token. */
  readonly afterRssMb: number;
  /** Heap used (MB) after a full GC, idle and after the last token. */
  readonly idleHeapMb: number;
  readonly afterHeapMb: number;
  /** Each V8 heap space's committed MB after the last token (after the gc). */
  readonly spaces: Readonly<Record<string, number>>;
}

const MB = 2 ** 20;
/** Tokens signed at once on the thread pool. */
const SIGNING_BATCH = 64;

/** The verifier in the child: the test kit's options, rebuilt from the public key the parent hands over. */
async function child(): Promise<void> {
  const { createTokenMiddleware } = await import('@auth-service/client');
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('the child runs with --expose-gc');
  const issuer = process.env.BENCH_ISSUER!;
  const publicKey = process.env.BENCH_PUBLIC_KEY!;
  const guard = createTokenMiddleware({
    authServerUrl: 'http://auth.test.invalid',
    appId: 'bench',
    appSecret: 'bench',
    issuer,
    sources: {
      publicKey: { fetch: async () => ({ success: true, data: publicKey }) },
      keySet: null,
      issuer: { fetchIssuer: async () => issuer },
      revocationFeed: { fetch: async () => ({ kind: 'absent' }) },
    },
    scheduler: { start() {}, async stop() {}, nextRunAt: () => null },
    logger: { debug() {}, info() {}, warn() {}, error() {} },
  });
  await guard.start();
  let passed = 0;
  let failed: unknown = null;
  const next = (error?: unknown) => {
    if (error === undefined) passed++;
    else failed ??= error;
  };
  const check = (token: string) => {
    const req = { method: 'GET', path: '/orders', headers: { authorization: `Bearer ${token}` } } as unknown as Request;
    const res = { locals: {}, status: () => ({ set: () => ({ json: () => (failed ??= new Error(`refused: ${token.slice(0, 40)}…`)) }) }) } as unknown as Response;
    guard.middleware(req, res, next);
  };
  const report = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);
  let idle: { rss: number; heap: number } | null = null;
  let rest = '';
  process.stdin.setEncoding('latin1');
  process.stdin.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      check(line);
      if (idle === null) {
        const rss = process.memoryUsage.rss();
        gc();
        idle = { rss, heap: process.memoryUsage().heapUsed };
        report({ ready: true });
      }
    }
  });
  process.stdin.on('end', () => {
    const rss = process.memoryUsage.rss();
    gc();
    // What the RSS is made of: the committed size of each V8 heap space (MB), and memory outside the heap.
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, Math.round(space.physical_space_size / 1e4) / 1e2]));
    const { heapUsed, external, arrayBuffers } = process.memoryUsage();
    report({ done: true, passed, failed: failed === null ? null : String(failed), idle, after: { rss, heap: heapUsed }, spaces, external, arrayBuffers });
    void guard.stop();
  });
}

/** Test-kit tokens (the kit's header and claims, a user each), signed on the thread pool: 60,000 RS256 signatures one by one take half a minute. */
async function* mintedTokens(kit: TestIssuer, count: number): AsyncGenerator<string> {
  const signAsync = promisify(sign);
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: kit.kid })).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  for (let from = 0; from < count; from += SIGNING_BATCH) {
    const batch = Array.from({ length: Math.min(SIGNING_BATCH, count - from) }, async (_, offset) => {
      const user = String(from + offset);
      const payload = { iss: kit.issuer, jti: randomUUID(), iat: now, exp: now + 3600, ...TEST_USER_CLAIMS, account: `user${user}`, userId: user, sub: user };
      const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${input}.${(await signAsync('sha256', Buffer.from(input), kit.privateKey)).toString('base64url')}`;
    });
    yield (await Promise.all(batch)).join('\n');
  }
}

interface ChildReport {
  readonly ready?: boolean;
  readonly done?: boolean;
  readonly passed?: number;
  readonly failed?: string | null;
  readonly idle?: { rss: number; heap: number };
  readonly after?: { rss: number; heap: number };
  readonly spaces?: Record<string, number>;
}

/** Runs the child on `count` distinct tokens (at least 2) and returns its figures. */
export async function measureLibraryMemory(count: number): Promise<LibraryMemoryFigures> {
  const kit = createTestIssuer();
  const env = { ...process.env, BENCH_ISSUER: kit.issuer, BENCH_PUBLIC_KEY: kit.publicKey.export({ format: 'der', type: 'spki' }).toString('base64') };
  // BENCH_CHILD_FLAGS: node flags for the child, to see what a flag changes (e.g. --max-semi-space-size=4 --trace-gc).
  const flags = (process.env.BENCH_CHILD_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const child = spawn(process.execPath, ['--expose-gc', ...flags, ...childExecArgv(), scriptPath(join(__dirname, 'libraryMemory')), '--child'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const reports: ChildReport[] = [];
  let waiting: (() => void) | null = null;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    // Anything else on the child's stdout (node's own tracing, under NODE_OPTIONS) is passed on.
    if (!line.startsWith('{')) {
      console.error(line);
      return;
    }
    reports.push(JSON.parse(line) as ChildReport);
    waiting?.();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const nextReport = async (): Promise<ChildReport> => {
    while (reports.length === 0) {
      const arrived = new Promise<void>((resolve) => (waiting = resolve));
      const code = await Promise.race([arrived.then(() => undefined), exited]);
      if (code !== undefined && reports.length === 0) throw new Error(`the memory child exited with ${String(code)}`);
    }
    return reports.shift()!;
  };
  const write = (text: string) => new Promise<void>((resolve, reject) => child.stdin!.write(`${text}\n`, (error) => (error ? reject(error) : resolve())));
  try {
    let first = true;
    for await (const lines of mintedTokens(kit, count)) {
      if (first) {
        // One token alone: the child measures its idle figures after it.
        const [one, ...others] = lines.split('\n');
        await write(one);
        await nextReport();
        if (others.length > 0) await write(others.join('\n'));
        first = false;
      } else {
        await write(lines);
      }
    }
    child.stdin!.end();
    const done = await nextReport();
    if (done.failed) throw new Error(`a token was refused: ${done.failed}`);
    if (done.passed !== count) throw new Error(`the child passed ${String(done.passed)} tokens of ${count}`);
    return {
      tokens: count,
      idleRssMb: done.idle!.rss / MB,
      afterRssMb: done.after!.rss / MB,
      idleHeapMb: done.idle!.heap / MB,
      afterHeapMb: done.after!.heap / MB,
      spaces: done.spaces ?? {},
    };
  } finally {
    child.kill();
  }
}

if (require.main === module) {
  if (process.argv.includes('--child')) {
    child().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    const count = Number(process.argv[2] ?? '60000');
    measureLibraryMemory(count)
      .then((figures) => {
        const mb = (value: number) => `${value.toFixed(1)} MB`;
        console.log(`${figures.tokens} distinct tokens: RSS ${mb(figures.idleRssMb)} idle → ${mb(figures.afterRssMb)} (+${mb(figures.afterRssMb - figures.idleRssMb)}); heap after gc() ${mb(figures.idleHeapMb)} → ${mb(figures.afterHeapMb)}`);
        console.log(`heap spaces after, committed MB: ${JSON.stringify(figures.spaces)}`);
      })
      .catch((error: unknown) => {
        console.error(error instanceof Error ? error.stack : String(error));
        process.exit(1);
      });
  }
}

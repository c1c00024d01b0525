/**
 * What a request pays in the client library for a token it has seen before (issue 35 point 5), measured
 * in this process: `createVerifier(...).verify(header)` awaited, and the express middleware's handler
 * (`createTokenMiddleware(...).middleware`) on a fake request and response, both on a test-kit token
 * already in the verified-token cache. Warm-up first, then several runs of many calls; the figure is the
 * median run's µs per call (a shared machine slows some runs, rarely the middle one).
 * `node dist/bench/libraryCheck.js` prints both.
 */
import type { Request, Response } from 'express';
import { createTokenMiddleware, createVerifier } from '@auth-service/client';
import { createTestIssuer } from '@auth-service/client/testing';

export interface LibraryCheckOptions {
  /** Calls per run. */
  readonly iterations: number;
  /** Runs after the warm-up; the median is the figure. */
  readonly runs: number;
}

export interface LibraryCheckFigures {
  /** µs per awaited `verify(header)` of a cached token, median run. */
  readonly verifyUs: number;
  /** µs per middleware call on a cached token (fake req/res, next called synchronously), median run. */
  readonly middlewareUs: number;
  /** µs per awaited `verify(header)` with the cache off (the signature checked every time): the baseline. */
  readonly uncachedUs: number;
  /** Each run's µs per call, in order. */
  readonly verifyRuns: readonly number[];
  readonly middlewareRuns: readonly number[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** µs per call of `op` over `iterations` calls, awaited only when it returns a promise. */
async function usPerCall(iterations: number, op: () => unknown): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const result = op();
    if (result instanceof Promise) await result;
  }
  return Number(process.hrtime.bigint() - started) / 1e3 / iterations;
}

/** A warm-up run (discarded, as long as one run), then `runs` runs. */
async function runsOf(options: LibraryCheckOptions, op: () => unknown): Promise<number[]> {
  await usPerCall(options.iterations, op);
  const runs: number[] = [];
  for (let run = 0; run < options.runs; run++) runs.push(await usPerCall(options.iterations, op));
  return runs;
}

export async function measureLibraryCheck(options: LibraryCheckOptions): Promise<LibraryCheckFigures> {
  const issuer = createTestIssuer();
  const header = `Bearer ${issuer.sign({ account: 'alice', userId: '42', scope: 'orders:read', aud: 'https://orders.example' }, { typ: 'at+jwt' })}`;

  const verifier = createVerifier({ ...issuer.verifierOptions(), audience: 'https://orders.example' });
  await verifier.start();
  const user = await verifier.verify(header);
  if (user.account !== 'alice') throw new Error('the benchmark token did not verify');
  const verifyRuns = await runsOf(options, () => verifier.verify(header));
  await verifier.stop();

  // The same call with the cache off: RS256 costs tens of µs, so a twentieth of the calls.
  const uncached = createVerifier({ ...issuer.verifierOptions(), audience: 'https://orders.example', verifiedTokenCacheSize: 0 });
  await uncached.start();
  const uncachedRuns = await runsOf({ ...options, iterations: Math.max(Math.round(options.iterations / 20), 1) }, () => uncached.verify(header));
  await uncached.stop();

  const guard = createTokenMiddleware({ ...issuer.verifierOptions(), audience: 'https://orders.example' });
  await guard.start();
  const req = { method: 'GET', path: '/orders', headers: { authorization: header } } as unknown as Request;
  let passed = 0;
  const next = (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
    passed++;
  };
  // A new response per request, as express makes one (with its own locals) for every request.
  const call = () => guard.middleware(req, { locals: {} } as unknown as Response, next);
  const middlewareRuns = await runsOf(options, call);
  await guard.stop();
  if (passed !== options.iterations * (options.runs + 1)) throw new Error(`the middleware passed ${passed} requests of ${options.iterations * (options.runs + 1)}`);

  return { verifyUs: median(verifyRuns), middlewareUs: median(middlewareRuns), uncachedUs: median(uncachedRuns), verifyRuns, middlewareRuns };
}

if (require.main === module) {
  measureLibraryCheck({ iterations: Number(process.env.BENCH_ITERATIONS ?? '200000'), runs: 7 })
    .then((figures) => {
      const runs = (values: readonly number[]) => values.map((us) => us.toFixed(2)).join(' ');
      console.log(`verify(header), cached token: ${figures.verifyUs.toFixed(2)} µs (runs: ${runs(figures.verifyRuns)})`);
      console.log(`middleware, cached token:     ${figures.middlewareUs.toFixed(2)} µs (runs: ${runs(figures.middlewareRuns)})`);
      console.log(`verify(header), cache off:    ${figures.uncachedUs.toFixed(2)} µs`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.stack : String(error));
      process.exit(1);
    });
}

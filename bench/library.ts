/**
 * The client library's rows of `npm run bench`, measured after every server has
 * stopped: a cached token's check in this process (bench/libraryCheck.ts) against the same check with the
 * cache off, a DPoP-bound token with its proof against a bearer token (bench/libraryDpopCheck.ts), and the RSS a child process gains over its idle figure while it verifies distinct tokens
 * (bench/libraryMemory.ts). A row whose measurement fails is reported failed, with why.
 */
import type { Report } from './lib/report';
import { measureLibraryCheck } from './libraryCheck';
import { measureDpopCheck } from './libraryDpopCheck';
import { measureLibraryMemory } from './libraryMemory';

/** The library's target rows (part of run.ts's TARGETS). */
export const LIBRARY_TARGETS = {
  libraryMiddlewareCheck: 'library check of a cached token: express middleware',
  libraryVerifyCheck: 'library check of a cached token: verify(header)',
  libraryDpopCheck: 'library check of a cached DPoP-bound token and its proof vs a cached bearer token: express middleware',
  libraryRss: 'library RSS after 60,000 distinct tokens − idle',
} as const;
const TARGETS = LIBRARY_TARGETS;

export interface LibraryRows {
  readonly report: Report;
  /** BENCH_SECONDS: scales the calls of each micro-benchmark run (8 s: 200,000). */
  readonly seconds: number;
  /** Distinct tokens for the memory row. */
  readonly tokens: number;
  readonly log: (line: string) => void;
}

const CHECK_TARGET = { on: 'value', limit: 3, atMost: true } as const;
const RSS_TARGET = { on: 'value', limit: 40, atMost: true } as const;
const DPOP_TARGET = { on: 'ratio', limit: 2, atMost: true } as const;
const BEARER_INTERLEAVED = 'library check of a cached bearer token, runs interleaved with the DPoP row µs';

export async function measureLibrary({ report, seconds, tokens, log }: LibraryRows): Promise<void> {
  const iterations = Math.max(1_000, Math.round(25_000 * seconds));
  log(`the library in this process: a cached token's check, ${iterations} calls a run, median of 7 runs after a warm-up run`);
  try {
    const check = await measureLibraryCheck({ iterations, runs: 7 });
    const runs = (values: readonly number[]) => values.map((us) => us.toFixed(2)).join(' ');
    log(`  verify(header) ${check.verifyUs.toFixed(2)} µs (runs ${runs(check.verifyRuns)}), middleware ${check.middlewareUs.toFixed(2)} µs (runs ${runs(check.middlewareRuns)}), cache off ${check.uncachedUs.toFixed(1)} µs`);
    report.baselines['library check of an uncached token µs'] = check.uncachedUs;
    report.figure(TARGETS.libraryMiddlewareCheck, check.middlewareUs, 'µs', 'library check of an uncached token µs', CHECK_TARGET);
    report.figure(TARGETS.libraryVerifyCheck, check.verifyUs, 'µs', 'library check of an uncached token µs', CHECK_TARGET);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    report.failed(TARGETS.libraryMiddlewareCheck, reason, CHECK_TARGET, 'µs');
    report.failed(TARGETS.libraryVerifyCheck, reason, CHECK_TARGET, 'µs');
  }
  log('the library and DPoP: a cached bound token with a fresh ES256 proof each call against a cached bearer token, runs in turn');
  try {
    const dpop = await measureDpopCheck({ iterations, runs: 7 });
    const runs = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' ');
    log(`  bearer ${dpop.bearerUs.toFixed(2)} µs (runs ${runs(dpop.bearerRuns)}), bound + proof ${dpop.dpopUs.toFixed(1)} µs (runs ${runs(dpop.dpopRuns)}), pairs ${runs(dpop.ratios)}×`);
    report.baselines[BEARER_INTERLEAVED] = dpop.bearerUs;
    report.baselineRounds[BEARER_INTERLEAVED] = dpop.bearerRuns;
    report.figure(TARGETS.libraryDpopCheck, dpop.dpopUs, 'µs', BEARER_INTERLEAVED, DPOP_TARGET, undefined, dpop.dpopRuns);
  } catch (error) {
    report.failed(TARGETS.libraryDpopCheck, error instanceof Error ? error.message : String(error), DPOP_TARGET, 'µs');
  }
  log(`the library's memory: a child at node's defaults verifies ${tokens} distinct test-kit tokens through createTokenMiddleware`);
  try {
    const memory = await measureLibraryMemory(tokens);
    log(
      `  RSS ${memory.idleRssMb.toFixed(1)} MB idle → ${memory.afterRssMb.toFixed(1)} MB; heap after gc() ${memory.idleHeapMb.toFixed(1)} → ${memory.afterHeapMb.toFixed(1)} MB; committed MB by space ${JSON.stringify(memory.spaces)}`,
    );
    report.baselines['library idle RSS MB'] = memory.idleRssMb;
    report.figure(TARGETS.libraryRss, memory.afterRssMb - memory.idleRssMb, 'MB', 'library idle RSS MB', RSS_TARGET);
  } catch (error) {
    report.failed(TARGETS.libraryRss, error instanceof Error ? error.message : String(error), RSS_TARGET, 'MB');
  }
}

import type { LoadGenerator, LoadJob, LoadResult } from './load';
import type { RunningServer } from './processes';
import type { TokenFeed } from './tokenFeed';

export interface Target {
  readonly label: string;
  readonly server: RunningServer;
  readonly job: Omit<LoadJob, 'connections' | 'seconds' | 'feed'>;
  /** A row that spends a token per request: minted before each run (warm-up and measured), outside the CPU measured. */
  readonly feed?: Pick<TokenFeed, 'forRun' | 'ran'>;
}

export interface Measured extends LoadResult {
  /** Requests per second of the server's own CPU time (all its processes and threads). */
  readonly reqPerCpuSec: number;
  /** req/s of each measured run, in round order: how far the rounds agree. */
  readonly rounds?: readonly number[];
}

export interface SustainedOptions {
  /** Seconds of load before each measured run, discarded (JIT, caches, heap sized for the load). */
  readonly warmupSeconds: number;
  /** Seconds of each measured run. */
  readonly seconds: number;
  readonly connections: number;
  /** Rounds, alternately in order and reversed: A B, B A (ABBA) for two. */
  readonly rounds: number;
  /**
   * Runs of a fed target send `requests` over `connections` each instead of
   * running for a time (the smoke: a fixed budget, minted exactly, answered
   * whatever the rate).
   */
  readonly fed?: { readonly requests: number; readonly connections: number };
}

export interface SustainedResults {
  readonly measured: Map<string, Measured>;
  /** Targets whose runs failed, with why; they were not run again and are not in `measured`. */
  readonly failed: Map<string, string>;
}

/**
 * Measures targets compared with each other in sustained runs (issue 21): each
 * run is a warm-up, discarded, then `seconds` of load, so a server is measured
 * as it runs under steady traffic, its garbage collected under load (not in the
 * idle gaps of short interleaved slices). Rounds alternate the order (A B C, C B
 * A, …), so a drift of the machine's load over time hits every target alike.
 * Any error or non-2xx answer of a measured run fails it. A target with a
 * `feed` gets its tokens minted before each of its runs (bench/lib/tokenFeed.ts),
 * and a run that spends them all fails. The first failure fails the whole call.
 */
export async function sustained(load: LoadGenerator, targets: readonly Target[], options: SustainedOptions, log: (line: string) => void): Promise<Map<string, Measured>> {
  return (await measureRounds(load, targets, options, log, true)).measured;
}

/**
 * As `sustained`, but a target whose run fails is only taken out: the others
 * are still measured in their rounds, and the failure is returned with its
 * reason (a row that fails at the defaults is a figure of the run too).
 */
export function sustainedRows(load: LoadGenerator, targets: readonly Target[], options: SustainedOptions, log: (line: string) => void): Promise<SustainedResults> {
  return measureRounds(load, targets, options, log, false);
}

async function measureRounds(
  load: LoadGenerator,
  targets: readonly Target[],
  options: SustainedOptions,
  log: (line: string) => void,
  strict: boolean,
): Promise<SustainedResults> {
  const totals = targets.map(() => ({ requests: 0, wall: 0, cpuNs: 0, p50: [] as number[], p99: [] as number[], rounds: [] as number[] }));
  const failed = new Map<string, string>();
  const fail = (target: Target, reason: string) => {
    if (strict) throw new Error(`${target.label}: ${reason}`);
    log(`  ${target.label}: FAILED, ${reason}`);
    failed.set(target.label, reason);
  };
  for (let round = 0; round < options.rounds; round++) {
    const order = [...targets.keys()];
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const target = targets[i];
      if (failed.has(target.label)) continue;
      let result: LoadResult;
      let cpuNs: number;
      try {
        await runOnce(load, target, boundOf(target, options, options.warmupSeconds));
        const bound = boundOf(target, options, options.seconds);
        const feed = target.feed && (await target.feed.forRun(bound));
        const cpuBefore = target.server.cpuNs();
        result = await load.run({ ...target.job, ...bound, feed });
        cpuNs = target.server.cpuNs() - cpuBefore;
        target.feed?.ran(result.fed ?? 0, result.reqPerSec);
      } catch (error) {
        if (strict) throw error;
        fail(target, error instanceof Error ? error.message : String(error));
        continue;
      }
      if (result.errors > 0 || result.non2xx > 0) {
        fail(target, `${result.errors} errors, ${result.non2xx} non-2xx of ${result.requests} requests in round ${round + 1}`);
        continue;
      }
      const total = totals[i];
      total.cpuNs += cpuNs;
      total.requests += result.requests;
      // A run that got no answer at all (a starved machine) still took its time.
      total.wall += result.reqPerSec > 0 ? result.requests / result.reqPerSec : options.seconds;
      total.rounds.push(result.reqPerSec);
      total.p50.push(result.p50);
      total.p99.push(result.p99);
    }
  }
  const measured = new Map<string, Measured>();
  for (const [i, target] of targets.entries()) {
    if (failed.has(target.label)) continue;
    const total = totals[i];
    if (total.requests === 0) {
      fail(target, 'no request answered');
      continue;
    }
    const result: Measured = {
      requests: total.requests,
      reqPerSec: total.requests / total.wall,
      reqPerCpuSec: total.requests / (total.cpuNs / 1e9),
      p50: median(total.p50),
      p99: Math.max(...total.p99),
      errors: 0,
      non2xx: 0,
      rounds: total.rounds,
    };
    log(`  ${target.label}: ${result.reqPerSec.toFixed(0)} req/s, ${result.reqPerCpuSec.toFixed(0)} req/CPU-s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    measured.set(target.label, result);
  }
  return { measured, failed };
}

interface Bound {
  readonly connections: number;
  readonly seconds: number;
  readonly amount?: number;
}

/** A run of `seconds` at the options' connections, or a fed target's fixed budget when the options set one. */
function boundOf(target: Target, options: SustainedOptions, seconds: number): Bound {
  if (target.feed === undefined || options.fed === undefined) return { connections: options.connections, seconds };
  return { connections: options.fed.connections, seconds, amount: options.fed.requests };
}

/** A warm-up run (its figures discarded), fed when the target is. */
async function runOnce(load: LoadGenerator, target: Target, bound: Bound): Promise<void> {
  const feed = target.feed && (await target.feed.forRun(bound));
  const result = await load.run({ ...target.job, ...bound, feed });
  target.feed?.ran(result.fed ?? 0, result.reqPerSec);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

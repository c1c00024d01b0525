import type { LoadGenerator, LoadJob, LoadResult } from './load';
import type { RunningServer } from './processes';

export interface Target {
  readonly label: string;
  readonly server: RunningServer;
  readonly job: Omit<LoadJob, 'connections' | 'seconds'>;
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
}

/**
 * Measures targets compared with each other in sustained runs (issue 21): each
 * run is a warm-up, discarded, then `seconds` of load, so a server is measured
 * as it runs under steady traffic, its garbage collected under load (not in the
 * idle gaps of short interleaved slices). Rounds alternate the order (A B C, C B
 * A, …), so a drift of the machine's load over time hits every target alike.
 * Any error or non-2xx answer fails the run.
 */
export async function sustained(
  load: LoadGenerator,
  targets: readonly Target[],
  options: SustainedOptions,
  log: (line: string) => void,
): Promise<Map<string, Measured>> {
  const { connections, seconds, warmupSeconds } = options;
  const totals = targets.map(() => ({ requests: 0, wall: 0, cpuNs: 0, errors: 0, non2xx: 0, p50: [] as number[], p99: [] as number[], rounds: [] as number[] }));
  for (let round = 0; round < options.rounds; round++) {
    const order = [...targets.keys()];
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const target = targets[i];
      await load.run({ ...target.job, connections, seconds: warmupSeconds });
      const cpuBefore = target.server.cpuNs();
      const result = await load.run({ ...target.job, connections, seconds });
      const total = totals[i];
      total.cpuNs += target.server.cpuNs() - cpuBefore;
      total.requests += result.requests;
      // A run that got no answer at all (a starved machine) still took its time.
      total.wall += result.reqPerSec > 0 ? result.requests / result.reqPerSec : seconds;
      total.rounds.push(result.reqPerSec);
      total.errors += result.errors;
      total.non2xx += result.non2xx;
      total.p50.push(result.p50);
      total.p99.push(result.p99);
    }
  }
  const measured = new Map<string, Measured>();
  for (const [i, target] of targets.entries()) {
    const total = totals[i];
    if (total.errors > 0 || total.non2xx > 0 || total.requests === 0) {
      throw new Error(`${target.label}: ${total.errors} errors, ${total.non2xx} non-2xx of ${total.requests} requests`);
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
  return measured;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

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
}

/**
 * Measures several targets that are compared with each other in slices taken in
 * turn (A B C A B C …), so a burst of load from other jobs on a shared machine
 * hits them all alike instead of skewing one. Each target gets `seconds` in all,
 * after a short warm-up. Any error or non-2xx answer fails the run.
 */
export async function interleave(
  load: LoadGenerator,
  targets: readonly Target[],
  seconds: number,
  connections: number,
  log: (line: string) => void,
): Promise<Map<string, Measured>> {
  const rounds = Math.max(1, Math.round(seconds));
  const slice = seconds / rounds;
  const totals = targets.map(() => ({ requests: 0, wall: 0, cpuNs: 0, errors: 0, non2xx: 0, p50: [] as number[], p99: [] as number[] }));
  for (const target of targets) await load.run({ ...target.job, connections, seconds: Math.max(seconds / 4, 0.05) });
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const cpuBefore = target.server.cpuNs();
      const result = await load.run({ ...target.job, connections, seconds: slice });
      const total = totals[i];
      total.cpuNs += target.server.cpuNs() - cpuBefore;
      total.requests += result.requests;
      // A slice that got no answer at all (a starved machine) still took its time.
      total.wall += result.reqPerSec > 0 ? result.requests / result.reqPerSec : slice;
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

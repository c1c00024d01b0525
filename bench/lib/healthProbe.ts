import { get } from './processes';

/** Milliseconds until the health URL answered 200 in full, on a connection of its own (as a prober opens one); throws otherwise. */
export async function healthLatency(url: string): Promise<number> {
  const started = performance.now();
  const answer = await get(url);
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return ms;
}

/** The value below which a share `q` of `values` lies (nearest rank; the largest for q close to 1 and few values). */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  // The epsilon keeps 0.99 × 600 (593.99… in floating point) at rank 594.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length - 1e-9) - 1))];
}

import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Starts `fire(k)` for k = 0, 1, … at `perSecond`, each at its own time on a
 * fixed schedule (start + k / perSecond, so a slow answer delays nothing after
 * it), for `seconds`: ceil(seconds × perSecond) calls whatever the timing.
 * Resolves once every call settled, with the seconds from start to then.
 */
export async function atSteadyRate(seconds: number, perSecond: number, fire: (k: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  // The epsilon keeps a product such as 0.07 × 100 (7.000000000000001) at 7 calls.
  const calls = Math.ceil(seconds * perSecond - 1e-9);
  const running: Array<Promise<void>> = [];
  for (let k = 0; k < calls; k++) {
    const due = started + (k * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(fire(k));
  }
  await Promise.all(running);
  return (performance.now() - started) / 1000;
}

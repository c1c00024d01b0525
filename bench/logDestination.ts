/**
 * What writing one access line costs through each log destination, CPU of the
 * whole process (the thread pool's writes included) per line, with the lines
 * arriving in bursts as a loaded server produces them: N requests handled in
 * one turn of the event loop (~20 µs of busy work each), a line each, then the
 * next turn. `npm run bench:log-destination` (about a minute).
 *
 * Destinations, all writing to /dev/null:
 * - none: a stream that drops the line (pino's serialization only);
 * - text: `pino.destination({ sync: false })`, sonic-boom's text mode;
 * - bytes: `asyncDestination()`, what the services use (sonic-boom's buffer mode).
 */
import { openSync } from 'node:fs';
import pino from 'pino';
import { asyncDestination, createLogger } from '../src/infrastructure/logging/createLogger';

const TURNS = 10_000;
const BUSY_NS = 20_000n;

type Destination = 'none' | 'text' | 'bytes';

function destination(kind: Destination): pino.DestinationStream {
  const fd = openSync('/dev/null', 'w');
  if (kind === 'none') return { write: () => undefined };
  if (kind === 'text') return pino.destination({ dest: fd, sync: false });
  return asyncDestination(fd);
}

/** µs of process CPU per request, busy work included, with `perTurn` access lines per event-loop turn. */
function measure(kind: Destination, perTurn: number): Promise<number> {
  const access = createLogger({ name: 'bench', level: 'info', destination: destination(kind) }).child({}, { redact: [] });
  const id = 'c1f0a3d2-1234-4bcd-8def-0123456789ab';
  const line = () =>
    access.info(
      {
        reqId: id,
        req: { id, method: 'GET', url: '/auth-client-demo/actuator/info', remoteAddress: '127.0.0.1', userAgent: 'autocannon' },
        res: { statusCode: 200 },
        responseTime: 1,
      },
      'request completed',
    );
  return new Promise((resolve) => {
    let turns = 0;
    const before = process.cpuUsage();
    const turn = () => {
      for (let i = 0; i < perTurn; i++) {
        const until = process.hrtime.bigint() + BUSY_NS;
        while (process.hrtime.bigint() < until);
        line();
      }
      if (++turns < TURNS) {
        setImmediate(turn);
        return;
      }
      const used = process.cpuUsage(before);
      resolve((used.user + used.system) / (TURNS * perTurn));
    };
    turn();
  });
}

async function main(): Promise<void> {
  console.log(`access line cost by destination, ${new Date().toISOString()}, node ${process.version}`);
  console.log('lines per turn | destination | µs of CPU per request (20 µs busy + the line) | the line alone');
  for (const perTurn of [10, 40]) {
    // Two rounds in ABBA order; the figure is the lower of the two.
    const kinds: Destination[] = ['none', 'text', 'bytes'];
    const results = new Map<Destination, number[]>();
    for (const kind of [...kinds, ...[...kinds].reverse()]) {
      results.set(kind, [...(results.get(kind) ?? []), await measure(kind, perTurn)]);
    }
    for (const kind of kinds) {
      const best = Math.min(...results.get(kind)!);
      console.log(`${String(perTurn).padStart(14)} | ${kind.padEnd(11)} | ${best.toFixed(2).padStart(6)} | ${(best - Number(BUSY_NS) / 1000).toFixed(2)}`);
    }
  }
}

void main();

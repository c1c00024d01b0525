/**
 * Issue 35 target 8, fleet scale: 1,000 client services polling the
 * revocation feed once a minute with `since`, at 100,000 revocations, cost the
 * auth service at most 5 % of one core and leave its health p99 unchanged.
 * The list is written straight into a SQLite file, the service started through
 * its entry point with one resource service in AUTH_CLIENTS (the 1,000 are its
 * instances, all on this host's address); after one full read, service i polls
 * at i/1,000 of a minute and every minute after, so the rate is steady
 * (16.7/s) from the first second, nothing compressed. The service's CPU while
 * they poll less its CPU idle (half the idle time before, half after, so a
 * drift of the machine hits both alike), as a share of one core; health
 * sampled at a steady low rate all along.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDataSource, openDatabase } from '../src/infrastructure/persistence/createDataSource';
import { startAuthService } from './lib/authService';
import { healthLatency, percentile } from './lib/healthProbe';
import type { RunningServer } from './lib/processes';
import type { Report } from './lib/report';
import { fillRevocations } from './lib/revocationFill';
import { SimulatedFeedClients } from './lib/simulatedFeedClients';
import { atSteadyRate } from './lib/steadyRate';

export const FEED_FLEET_TARGETS = {
  feedFleetCpu: 'feed fleet CPU, % of one core',
  feedFleetHealth: 'health p99 while the fleet polls vs idle',
} as const;
const CPU_TARGET = { on: 'value', limit: 5, atMost: true } as const;
/**
 * "Health p99 unchanged", read as within 20 % of the idle p99: a loopback p99
 * of a few milliseconds moves about that much between two idle periods.
 */
const HEALTH_TARGET = { limit: 1.2, atMost: true } as const;
const SERVICES = 1_000;
const POLL_EVERY_SECONDS = 60;
/** Health samples a second: often enough for a p99 of hundreds of samples, little enough to be no load of its own. */
const HEALTH_PER_SECOND = 20;
/** After the full read (megabytes of JSON at 100,000 entries): its garbage collected before the idle count starts. */
const SETTLE_SECONDS = 3;
const IDLE_CPU = 'auth CPU idle with the revocation list, % of one core';
const IDLE_HEALTH = 'auth health p99 idle ms';

export interface FeedFleetOptions {
  readonly report: Report;
  /** A folder for the SQLite file, removed by the caller. */
  readonly scratch: string;
  /** Seconds the fleet polls; the idle count takes as long. */
  readonly seconds: number;
  readonly revocations: number;
  readonly log: (line: string) => void;
}

interface Period {
  readonly seconds: number;
  readonly cpuNs: number;
  readonly healthMs: number[];
}

export async function measureFeedFleet(options: FeedFleetOptions): Promise<void> {
  const { report, seconds, log } = options;
  log(`feed fleet: ${SERVICES} services polling every ${POLL_EVERY_SECONDS} s with since, ${options.revocations} revocations; ${seconds} s polling against ${seconds} s idle`);
  let server: RunningServer | undefined;
  try {
    const databaseUrl = `sqlite:${join(options.scratch, 'feed-fleet.sqlite')}`;
    const dataSource = await openDatabase(createDataSource(databaseUrl));
    try {
      await fillRevocations(dataSource, options.revocations);
    } finally {
      await dataSource.destroy();
    }
    const client = { appId: 'bench-resource-service', appSecret: randomBytes(32).toString('base64url') };
    // The service's own attempt limits: every poll presents the right secret from an address it knows, which they never refuse.
    server = await startAuthService({ AUTH_DATABASE_URL: databaseUrl, AUTH_CLIENTS: `${client.appId}:${client.appSecret}` });
    const origin = `http://127.0.0.1:${server.port}/auth`;
    const { clients, fullBytes } = await SimulatedFeedClients.afterFullRead(`${origin}/client/revocations`, client.appId, client.appSecret, SERVICES);
    log(`  full feed ${(fullBytes / 2 ** 20).toFixed(2)} MB`);
    await sleep(SETTLE_SECONDS * 1000);
    const health = `${origin}/actuator/health`;
    const before = await measurePeriod(server, seconds / 2, health);
    const polling = await measurePeriod(server, seconds, health, clients);
    const after = await measurePeriod(server, seconds / 2, health);
    const { tally } = clients;
    log(`  ${tally.polls} polls: ${tally.changed} answered 200, ${tally.unchanged} 304, ${tally.failed} failed`);
    if (tally.failed > 0) throw new Error(`${tally.failed} of ${tally.polls} polls failed, the first: ${tally.firstFailure}`);
    const idle = { seconds: before.seconds + after.seconds, cpuNs: before.cpuNs + after.cpuNs, healthMs: [...before.healthMs, ...after.healthMs] };
    const idlePercent = percentOfCore(idle);
    const pollingPercent = percentOfCore(polling);
    log(`  auth CPU ${pollingPercent.toFixed(2)} % of a core polling, ${idlePercent.toFixed(2)} % idle; health p50 ${percentile(polling.healthMs, 0.5).toFixed(1)} ms polling, ${percentile(idle.healthMs, 0.5).toFixed(1)} ms idle`);
    report.baselines[IDLE_CPU] = idlePercent;
    report.figure(FEED_FLEET_TARGETS.feedFleetCpu, pollingPercent - idlePercent, '%', IDLE_CPU, CPU_TARGET);
    report.baselines[IDLE_HEALTH] = percentile(idle.healthMs, 0.99);
    report.figure(FEED_FLEET_TARGETS.feedFleetHealth, percentile(polling.healthMs, 0.99), 'ms', IDLE_HEALTH, HEALTH_TARGET);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    report.failed(FEED_FLEET_TARGETS.feedFleetCpu, reason, CPU_TARGET, '%');
    report.failed(FEED_FLEET_TARGETS.feedFleetHealth, reason, HEALTH_TARGET, 'ms');
  } finally {
    await server?.stop();
  }
}

/** `seconds` of health samples, the fleet polling meanwhile when given, and the service's CPU time over it. */
async function measurePeriod(server: RunningServer, seconds: number, healthUrl: string, clients?: SimulatedFeedClients): Promise<Period> {
  const healthMs: number[] = [];
  const cpuBefore = server.cpuNs();
  const started = performance.now();
  await Promise.all([
    atSteadyRate(seconds, HEALTH_PER_SECOND, async () => {
      healthMs.push(await healthLatency(healthUrl));
    }),
    clients && atSteadyRate(seconds, clients.size / POLL_EVERY_SECONDS, (k) => clients.poll(k)),
  ]);
  return { seconds: (performance.now() - started) / 1000, cpuNs: server.cpuNs() - cpuBefore, healthMs };
}

function percentOfCore(period: Period): number {
  return (period.cpuNs / 1e9 / period.seconds) * 100;
}

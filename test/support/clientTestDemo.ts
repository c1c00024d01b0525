import type { Container } from 'inversify';
import { loadClientConfig, type ClientConfig } from '../../src/infrastructure/config/ClientConfig';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { buildClientDemo, type ClientDemo } from '../../src/interfaces/composition/clientDemo';
import { ManualScheduler } from './ManualScheduler';

/** Demo client configuration for tests: ephemeral port, no log output, a short fetch timeout, plus overrides. */
export function clientTestConfig(env: Record<string, string> = {}): Readonly<ClientConfig> {
  // Tests jump frozen clocks with no feed behind some clients: only the revocation tests set a feed staleness limit.
  return loadClientConfig({ PORT: '0', LOG_LEVEL: 'silent', AUTH_FETCH_TIMEOUT_MS: '2000', AUTH_REVOCATION_MAX_STALE_SECONDS: '31536000', ...env });
}

/**
 * The real demo client (same root as `npm run start:client`), not started: call refresh(), start() or listen(0).
 * Its refresh schedule is a ManualScheduler (nothing runs until a test ticks it: get it with
 * `container.get(CLIENT_TYPES.KeyRefreshScheduler)` or rebind your own in `configure`), unless `env`
 * sets AUTH_KEY_REFRESH_CRON, which keeps the real cron.
 */
export function buildTestClient(env: Record<string, string> = {}, configure?: (container: Container) => void): ClientDemo {
  const manualSchedule = env.AUTH_KEY_REFRESH_CRON === undefined;
  return buildClientDemo(clientTestConfig(env), {
    configure: (container) => {
      if (manualSchedule) container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(new ManualScheduler());
      configure?.(container);
    },
  });
}

/** Polls a condition (for things a fast cron does); fails after `ms`. */
export async function eventually(condition: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

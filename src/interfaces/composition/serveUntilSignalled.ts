import type { AddressInfo } from 'node:net';
import type { Logger } from '../../infrastructure/logging/createLogger';

/**
 * The configuration a root reads from the environment, or one clear line on
 * stderr and exit code 1 when it is bad.
 */
export function configOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** A service a process runs: it starts listening, and closes cleanly. */
export interface Servable {
  listen(): Promise<AddressInfo>;
  /**
   * Optional first step of a shutdown: stop being ready and keep answering for
   * a grace period, so a load balancer takes the process out before it stops
   * accepting connections. Resolves when the listener may close.
   */
  drain?(): Promise<void>;
  close(): Promise<void>;
}

/** Longest `close()` may take (after the drain, itself bounded by its grace period) before the process exits 1 regardless. */
export const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * One serving process: listen, log `listening`, and on SIGTERM/SIGINT drain
 * (readiness DOWN, answers go on for the grace period), then stop taking
 * connections, answer what still comes on open ones, close the service and
 * exit 0 (1 if closing fails or takes longer than SHUTDOWN_LIMIT_MS).
 */
export async function serveUntilSignalled(service: Servable, logger: Logger, listening: (address: AddressInfo) => [Record<string, unknown>, string]): Promise<void> {
  const address = await service.listen();
  logger.info(...listening(address));

  let stopping = false;
  const shutdown = (signal: string) => {
    // A terminal's Ctrl-C reaches a worker directly and through the primary: act once.
    if (stopping) return;
    stopping = true;
    if (service.drain) logger.info({ signal }, 'draining: not ready, still answering');
    const drained = service.drain ? service.drain() : Promise.resolve();
    drained
      .then(() => {
        setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
        // Stop taking connections (synchronously, so "shutting down" is logged only
        // once new connections are refused), let in-flight requests finish, then
        // release what the service holds (database, schedules).
        const closing = service.close();
        logger.info({ signal, newConnections: 'refused', answers: 'Connection: close' }, 'shutting down');
        return closing;
      })
      .then(
        () => {
          logger.info('stopped');
          // Lines still queued for stdout are written synchronously as the process exits (pino's exit hook on
          // its destination; createLogger.test.ts checks it); flush is for destinations that need a callback.
          logger.flush(() => process.exit(0));
        },
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

import type { Server } from 'node:http';

/** How often idle keep-alive connections are swept while a server drains. */
const SWEEP_INTERVAL_MS = 50;

/**
 * Stops accepting connections and resolves once in-flight requests have been
 * answered. `server.close()` alone closes only the connections idle at that
 * moment; one that finishes its request afterwards would stay open until the
 * keep-alive timeout, so idle connections are swept until the server closes.
 */
export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_INTERVAL_MS);
    server.close((error) => {
      clearInterval(sweep);
      if (error) reject(error);
      else resolve();
    });
  });
}

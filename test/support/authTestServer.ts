import type { Container } from 'inversify';
import { loadAuthServerConfig, type AuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { buildAuthServer, type AuthServer } from './buildAuthServer';

/** Test configuration: in-memory SQLite, ephemeral port, no log output, plus overrides. */
export function authTestConfig(env: Record<string, string> = {}): Readonly<AuthServerConfig> {
  return loadAuthServerConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    AUTH_DATABASE_URL: 'sqlite::memory:',
    AUTH_ISSUER: 'http://localhost/auth',
    // In-process servers run no sync timer while tests jump their frozen clocks: only the outage tests set a staleness limit.
    AUTH_REVOCATION_MAX_STALE_SECONDS: '31536000',
    // No proxy in front: a stopping server closes its idle keep-alive connections at once instead of leaving them 5 s to a proxy.
    AUTH_SHUTDOWN_IDLE_CLOSE_MS: '0',
    ...env,
  });
}

export interface RunningAuthServer {
  readonly auth: AuthServer;
  /** e.g. http://127.0.0.1:41234 (no context path) */
  readonly origin: string;
}

/** Builds the real auth service (same root as `npm start`) and listens on an ephemeral port. */
export async function startAuthServer(
  env: Record<string, string> = {},
  configure?: (container: Container) => void,
): Promise<RunningAuthServer> {
  const auth = await buildAuthServer(authTestConfig(env), { configure });
  const address = await auth.listen(0);
  return { auth, origin: `http://127.0.0.1:${address.port}` };
}

import { loadAuthServerConfig, type AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { createLogger } from '../../infrastructure/logging/createLogger';
import { keyPairGeneratorFor } from './keyPairGenerator';
import { runWorkers } from './runWorkers';
import { configOrExit, serveUntilSignalled } from './serveUntilSignalled';
import { urlToOpen } from './urlToOpen';

/**
 * The auth service's entry point (`npm start`). It reads the configuration and,
 * on a new SQLite file, starts generating the first signing key (RSA: 85–600 ms
 * on the thread pool) before it loads the rest of the service (~0.5 s of
 * module loading on the event loop), so the two overlap. The composition root
 * itself is `authServerAssembly.ts`, which the tests build directly.
 */
async function main(): Promise<void> {
  const config = configOrExit(() => loadAuthServerConfig(process.env));
  // libuv reads this once, when the thread pool is first used: nothing async has run yet.
  // Workers forked by runWorkers inherit it through their environment.
  process.env.UV_THREADPOOL_SIZE = String(config.threadPoolSize);
  const primaryLog = createLogger({ name: config.contextPath, level: config.logLevel });
  await runWorkers(config.workers, () => serve(config), primaryLog);
}

/** One serving process: build, listen, and shut down cleanly on SIGTERM/SIGINT. */
async function serve(config: Readonly<AuthServerConfig>): Promise<void> {
  const keyPairs = keyPairGeneratorFor(config);
  const { buildAuthServer } = await import('./authServerAssembly');
  const auth = await buildAuthServer(config, { keyPairGenerator: keyPairs });
  await serveUntilSignalled(auth, auth.logger, (address) => [
    // The context path redirects to the sign-in page.
    { port: address.port, contextPath: config.contextPath, url: urlToOpen(address, `${config.contextPath}/`) },
    'auth service listening',
  ]);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`auth service failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

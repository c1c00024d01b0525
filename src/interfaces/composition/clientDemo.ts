import 'reflect-metadata';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application } from 'express';
import { Container } from 'inversify';
import type { PublicKeyProvider, RefreshResult } from '../../application/PublicKeyProvider';
import { loadClientConfig, type ClientConfig } from '../../infrastructure/config/ClientConfig';
import { projectRoot } from '../../infrastructure/config/projectRoot';
import { keyEndpoint } from '../../infrastructure/http/HttpPublicKeySource';
import { createLogger, type Logger } from '../../infrastructure/logging/createLogger';
import { actuatorRouter } from '../http/actuator';
import { publicKeyHealth } from '../http/clientHealth';
import { CurrentUserController } from '../http/controllers/CurrentUserController';
import { createHttpApp, createHttpServer } from '../http/createHttpApp';
import { staticFiles } from '../http/staticFiles';
import { clientModule } from './modules/clientModule';
import { CLIENT_TYPES, TYPES } from './types';

export interface ClientDemo {
  readonly app: Application;
  /** Created, not listening: supertest can use it as is, `listen` starts it. */
  readonly server: Server;
  readonly container: Container;
  readonly config: Readonly<ClientConfig>;
  readonly provider: PublicKeyProvider;
  /** First key fetch (bounded by the fetch timeout, never rejects) and the refresh schedule. */
  start(): Promise<RefreshResult>;
  /** `start()`, then listen: the service comes up with or without a key. */
  listen(port?: number): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface ClientDemoBuildOptions {
  /** Called after the modules are loaded and before anything is resolved: rebind adapters here. */
  readonly configure?: (container: Container) => void;
}

/**
 * The demo client service's composition root: the client library's module, the
 * shared current-user controller, static files and the actuator. The same
 * function serves `npm run start:client` and the tests. Building fetches and
 * schedules nothing; `start()`/`listen()` do.
 */
export function buildClientDemo(config: Readonly<ClientConfig>, options: ClientDemoBuildOptions = {}): ClientDemo {
  const container = new Container();
  container.bind(TYPES.Config).toConstantValue(config);
  container.bind(TYPES.Logger).toConstantValue(createLogger({ name: config.contextPath, level: config.logLevel }));
  container.load(clientModule(config.client));
  options.configure?.(container);

  const provider = container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider);
  const root = projectRoot();
  const app = createHttpApp(container, {
    contextPath: config.contextPath,
    controllers: [CurrentUserController],
    publicRouters: {
      '/static': staticFiles(join(root, 'demo-static')),
      '/actuator': actuatorRouter({
        indicators: [publicKeyHealth(provider)],
        info: () => ({
          name: config.contextPath,
          version: packageVersion(root),
          signMethod: config.client.signMethod,
          keyEndpoint: keyEndpoint(config.client.authServerUrl, config.client.authContextPath),
          refreshCron: config.client.refreshCron,
          passList: config.client.passList,
        }),
      }),
    },
  });
  const server = createHttpServer(app);

  const start = () => provider.start();
  return {
    app,
    server,
    container,
    config,
    provider,
    start,
    listen: async (port = config.port) => {
      await start();
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, () => resolve(server.address() as AddressInfo));
      });
    },
    close: async () => {
      await provider.stop();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function packageVersion(root: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(root, 'package.json')) as { version: string }).version;
}

async function main(): Promise<void> {
  let config: Readonly<ClientConfig>;
  try {
    config = loadClientConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const demo = buildClientDemo(config);
  const logger = demo.container.get<Logger>(TYPES.Logger);
  const address = await demo.listen();
  const key = demo.provider.state();
  logger.info({ port: address.port, contextPath: config.contextPath, hasKey: key.hasKey, kid: key.kid }, 'client demo listening');

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    // Stop the refresh schedule and taking connections; let in-flight requests finish.
    const forced = setTimeout(() => process.exit(1), 10_000).unref();
    demo.close().then(
      () => {
        clearTimeout(forced);
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`client demo failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

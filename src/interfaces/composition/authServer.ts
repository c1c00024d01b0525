import 'reflect-metadata';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Application } from 'express';
import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import type { EnsureSigningKeys } from '../../application/EnsureSigningKeys';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { KeyStore } from '../../domain/ports/KeyStore';
import type { UserAuthenticator } from '../../domain/ports/UserAuthenticator';
import { StubUserAuthenticator } from '../../infrastructure/auth/StubUserAuthenticator';
import { loadAuthServerConfig, type AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { projectRoot } from '../../infrastructure/config/projectRoot';
import type { Logger } from '../../infrastructure/logging/createLogger';
import { openDatabase } from '../../infrastructure/persistence/createDataSource';
import { actuatorRouter } from '../http/actuator';
import { databaseHealth, signingKeyHealth } from '../http/authHealth';
import { AUTH_SERVER_CONTROLLERS } from '../http/controllers';
import { createHttpApp, createHttpServer } from '../http/createHttpApp';
import { staticFiles } from '../http/staticFiles';
import { applicationModule } from './modules/applicationModule';
import { httpModule } from './modules/httpModule';
import { infrastructureModule } from './modules/infrastructureModule';
import { TYPES } from './types';

export interface AuthServer {
  readonly app: Application;
  /** Created, not listening: supertest can use it as is, `listen` starts it. */
  readonly server: Server;
  readonly container: Container;
  readonly config: Readonly<AuthServerConfig>;
  listen(port?: number): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Called after the modules are loaded and before anything starts: rebind adapters here. */
  readonly configure?: (container: Container) => void;
}

/**
 * The auth service's composition root: container, database and migrations,
 * signing keys, HTTP app. The same function serves `npm start` and the tests.
 */
export async function buildAuthServer(config: Readonly<AuthServerConfig>, options: BuildOptions = {}): Promise<AuthServer> {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(config), applicationModule(config), httpModule(config.passList));
  options.configure?.(container);

  const logger = container.get<Logger>(TYPES.Logger);
  const dataSource = container.get<DataSource>(TYPES.DataSource);
  await openDatabase(dataSource);
  const key = await container.get<EnsureSigningKeys>(TYPES.EnsureSigningKeys).execute({ method: config.signMethod, alg: config.signAlg });
  logger.info({ method: key.method, alg: key.alg, kid: key.kid, generated: key.generated }, 'signing key ready');
  if (container.get<UserAuthenticator>(TYPES.UserAuthenticator) instanceof StubUserAuthenticator) {
    logger.warn('the stub login is active: ANY username and password log in as "admin"; bind a real UserAuthenticator for production');
  }

  const root = projectRoot();
  const app = createHttpApp(container, {
    contextPath: config.contextPath,
    controllers: AUTH_SERVER_CONTROLLERS,
    publicRouters: {
      '/static': staticFiles(join(root, 'static')),
      '/assets': staticFiles(join(root, 'assets')),
      '/actuator': actuatorRouter({
        indicators: [
          databaseHealth(container.get<KeyStore>(TYPES.KeyStore), dataSource.options.type),
          signingKeyHealth(container.get<KeyRing>(TYPES.KeyRing)),
        ],
        info: () => ({ name: config.contextPath, version: packageVersion(root), signMethod: config.signMethod, alg: config.signAlg }),
      }),
    },
  });
  const server = createHttpServer(app);

  return {
    app,
    server,
    container,
    config,
    listen: (port = config.port) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, () => resolve(server.address() as AddressInfo));
      }),
    close: async () => {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

function packageVersion(root: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(join(root, 'package.json')) as { version: string }).version;
}

async function main(): Promise<void> {
  let config: Readonly<AuthServerConfig>;
  try {
    config = loadAuthServerConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const auth = await buildAuthServer(config);
  const logger = auth.container.get<Logger>(TYPES.Logger);
  const address = await auth.listen();
  logger.info({ port: address.port, contextPath: config.contextPath }, 'auth service listening');

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    // Stop taking connections, let in-flight requests finish, then close the database.
    const forced = setTimeout(() => process.exit(1), 10_000).unref();
    auth.close().then(
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
    console.error(`auth service failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

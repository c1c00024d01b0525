import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { ConfigError } from '@auth-service/client';
import { loadAuthServerConfig, type AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { openDatabase } from '../../infrastructure/persistence/createDataSource';
import { TYPES } from './types';
import { userInfo } from 'node:os';
import { runWithAuditContext } from '../../infrastructure/audit/auditContextStore';
import { QueuedAuditTrail } from '../../infrastructure/audit/QueuedAuditTrail';
import { storeModules } from './modules/storeModules';

/** What a store command runs once the store is open; resolves the exit code. */
export type StoreCommand = (container: Container, dataSource: DataSource, config: Readonly<AuthServerConfig>) => Promise<number>;

/**
 * The root of a CLI on the service's store (`users`, `clients`, `keys`): the service's
 * own configuration and adapters, migrations run first (so it works before the
 * service ever started), the store closed at the end. A bad configuration exits 2
 * with its one message, any other failure exits 1 prefixed with the command's name.
 */
export function runStoreCli(name: string, command: StoreCommand): void {
  openAndRun(command).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}

async function openAndRun(command: StoreCommand): Promise<number> {
  let config;
  try {
    // These tools manage the database store: naming it keeps NODE_ENV=production from refusing it.
    config = loadAuthServerConfig({ LOG_LEVEL: 'warn', AUTH_USER_STORE: 'database', ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  return runWithAuditContext({ actor: cliActor(), address: null, requestId: null }, () =>
    withStore(config, (container, dataSource) => command(container, dataSource, config)),
  );
}

/** Who the trail says acted for a CLI command: `cli:<os user>`, or `cli` where the user has no name (a container's uid). */
export function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/**
 * The service's own store modules for a command (storeModules: the same use cases as the admin API), without
 * its HTTP, limits and verification modules, so a command loads no web framework; `configure`'s rebinds last.
 */
export function storeCliContainer(config: Readonly<AuthServerConfig>, configure?: (container: Container) => void): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(...storeModules(config));
  configure?.(container);
  return container;
}

/** The service's composition on its store: opened (migrations first), handed to `use`, closed at the end, the events the command recorded written first. */
export async function withStore<T>(config: Readonly<AuthServerConfig>, use: (container: Container, dataSource: DataSource) => Promise<T>): Promise<T> {
  const container = storeCliContainer(config);
  const dataSource = await openDatabase(container.get<DataSource>(TYPES.DataSource));
  try {
    return await use(container, dataSource);
  } finally {
    await closeAuditTrail(container);
    await dataSource.destroy();
  }
}

/** Writes what the command recorded; before the store closes. */
export function closeAuditTrail(container: Container): Promise<void> {
  return container.get(QueuedAuditTrail).close();
}

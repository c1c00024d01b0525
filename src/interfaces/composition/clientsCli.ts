import 'reflect-metadata';
import { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { RegisterClient } from '../../application/RegisterClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import { loadAuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { ConfigError } from '@auth-service/client';
import { openDatabase } from '../../infrastructure/persistence/createDataSource';
import { RandomSecretGenerator } from '../../infrastructure/system/RandomSecretGenerator';
import { runClientsCommand, type ClientsCommandDeps } from '../cli/clientsCommand';
import { infrastructureModule } from './modules/infrastructureModule';
import { TYPES } from './types';

/**
 * `npm run clients -- …`: registers OAuth clients in the service's store
 * (AUTH_DATABASE_URL), beside the users. Migrations run first.
 */
async function main(argv: readonly string[]): Promise<number> {
  let config;
  try {
    config = loadAuthServerConfig({ LOG_LEVEL: 'warn', AUTH_USER_STORE: 'database', ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const container = new Container();
  container.load(infrastructureModule(config));
  const dataSource = await openDatabase(container.get<DataSource>(TYPES.DataSource));
  try {
    return await runClientsCommand(argv, {
      ...clientsCommandDeps(container),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await dataSource.destroy();
  }
}

/** The use cases behind the command, on the service's own adapters. */
export function clientsCommandDeps(container: Container): Omit<ClientsCommandDeps, 'out' | 'err'> {
  const clients = container.get<OAuthClientStore>(TYPES.OAuthClientStore);
  return { registerClient: new RegisterClient(clients, new RandomSecretGenerator()), clients };
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`clients: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}

import 'reflect-metadata';
import type { Container } from 'inversify';
import { RegisterClient } from '../../application/RegisterClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import { RandomSecretGenerator } from '../../infrastructure/system/RandomSecretGenerator';
import { runClientsCommand, type ClientsCommandDeps } from '../cli/clientsCommand';
import { runStoreCli } from './runStoreCli';
import { TYPES } from './types';

/** The use cases behind the command, on the service's own adapters. */
export function clientsCommandDeps(container: Container): Omit<ClientsCommandDeps, 'out' | 'err'> {
  const clients = container.get<OAuthClientStore>(TYPES.OAuthClientStore);
  return { registerClient: new RegisterClient(clients, new RandomSecretGenerator()), clients };
}

/**
 * `npm run clients -- …`: registers OAuth clients in the service's store
 * (AUTH_DATABASE_URL), beside the users.
 */
if (require.main === module) {
  runStoreCli('clients', (container) =>
    runClientsCommand(process.argv.slice(2), {
      ...clientsCommandDeps(container),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    }),
  );
}

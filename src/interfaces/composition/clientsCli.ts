import 'reflect-metadata';
import type { Container } from 'inversify';
import type { RegisterClient } from '../../application/clients/RegisterClient';
import type { RemoveClient } from '../../application/clients/RemoveClient';
import type { RotateClientSecret } from '../../application/clients/RotateClientSecret';
import type { UpdateClient } from '../../application/clients/UpdateClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { runClientsCommand, type ClientsCommandDeps } from '../cli/clientsCommand';
import { runStoreCli } from './runStoreCli';
import { TYPES } from './types';

/**
 * The use cases behind the command: the admin API's, from the same composition (adminModule).
 * A removed client's not-before goes to the shared revocations: every instance refuses its
 * access tokens at its next revocation sync (AUTH_REVOCATION_SYNC_SECONDS).
 */
export function clientsCommandDeps(container: Container): Omit<ClientsCommandDeps, 'out' | 'err'> {
  return {
    registerClient: container.get<RegisterClient>(TYPES.RegisterClient),
    removeClient: container.get<RemoveClient>(TYPES.RemoveClient),
    rotateClientSecret: container.get<RotateClientSecret>(TYPES.RotateClientSecret),
    updateClient: container.get<UpdateClient>(TYPES.UpdateClient),
    clients: container.get<OAuthClientStore>(TYPES.OAuthClientStore),
    signMethod: container.get<Readonly<AuthServerConfig>>(TYPES.Config).signMethod,
  };
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

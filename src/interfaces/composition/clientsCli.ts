import 'reflect-metadata';
import type { Clock } from '@auth-service/client';
import type { Container } from 'inversify';
import type { DataSource } from 'typeorm';
import { RegisterClient } from '../../application/clients/RegisterClient';
import { RemoveClient } from '../../application/clients/RemoveClient';
import { RotateClientSecret } from '../../application/clients/RotateClientSecret';
import { UpdateClient } from '../../application/clients/UpdateClient';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import { TypeOrmAuthorizationCodeStore } from '../../infrastructure/persistence/TypeOrmAuthorizationCodeStore';
import { TypeOrmConsentStore } from '../../infrastructure/persistence/TypeOrmConsentStore';
import { TypeOrmRefreshTokenStore } from '../../infrastructure/persistence/TypeOrmRefreshTokenStore';
import { TypeOrmRevocationStore } from '../../infrastructure/persistence/TypeOrmRevocationStore';
import { RandomSecretGenerator } from '../../infrastructure/system/RandomSecretGenerator';
import { runClientsCommand, type ClientsCommandDeps } from '../cli/clientsCommand';
import { revocationPolicyOf } from './modules/revocationModule';
import { runStoreCli } from './runStoreCli';
import { TYPES } from './types';

/**
 * The use cases behind the command, on the service's own adapters. A removed
 * client's not-before goes to the shared revocations: every instance refuses
 * its access tokens at its next revocation sync (AUTH_REVOCATION_SYNC_SECONDS).
 */
export function clientsCommandDeps(container: Container): Omit<ClientsCommandDeps, 'out' | 'err'> {
  const dataSource = container.get<DataSource>(TYPES.DataSource);
  const config = container.get<Readonly<AuthServerConfig>>(TYPES.Config);
  const clients = container.get<OAuthClientStore>(TYPES.OAuthClientStore);
  const clock = container.get<Clock>(TYPES.Clock);
  const secrets = new RandomSecretGenerator();
  const trail = container.get<AuditTrail>(TYPES.AuditTrail);
  return {
    registerClient: new RegisterClient(clients, secrets, trail),
    removeClient: new RemoveClient(
      clients,
      new TypeOrmRevocationStore(dataSource, clock),
      new TypeOrmRefreshTokenStore(dataSource),
      new TypeOrmAuthorizationCodeStore(dataSource),
      new TypeOrmConsentStore(dataSource),
      clock,
      revocationPolicyOf(config),
      trail,
    ),
    rotateClientSecret: new RotateClientSecret(clients, secrets, trail),
    updateClient: new UpdateClient(clients, trail),
    clients,
    signMethod: config.signMethod,
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

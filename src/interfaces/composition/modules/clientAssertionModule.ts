import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock } from '@auth-service/client';
import { VerifyClientAssertion } from '../../../application/clients/VerifyClientAssertion';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { ClientKeySource } from '../../../domain/ports/ClientKeySource';
import type { JwsVerifier } from '../../../domain/ports/JwsVerifier';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { UsedAssertionStore } from '../../../domain/ports/UsedAssertionStore';
import { NodeJwsVerifier } from '../../../infrastructure/crypto/NodeJwsVerifier';
import { CLIENT_KEY_FETCH, CachedHttpClientKeySource } from '../../../infrastructure/http/CachedHttpClientKeySource';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TypeOrmUsedAssertionStore } from '../../../infrastructure/persistence/TypeOrmUsedAssertionStore';
import { TYPES } from '../types';

/** private_key_jwt (RFC 7523): the signature check, the clients' remote key sets (cached here), the shared record of used `jti`s. */
export function clientAssertionModule(): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.JwsVerifier).toConstantValue(new NodeJwsVerifier());
    bind(TYPES.ClientKeySource)
      .toDynamicValue(({ container }) => new CachedHttpClientKeySource(CLIENT_KEY_FETCH, () => container.get<Clock>(TYPES.Clock).now().getTime()))
      .inSingletonScope();
    bind(TYPES.UsedAssertionStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmUsedAssertionStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.VerifyClientAssertion)
      .toDynamicValue(
        ({ container }) =>
          new VerifyClientAssertion(
            container.get<OAuthClientStore>(TYPES.OAuthClientStore),
            container.get<ClientKeySource>(TYPES.ClientKeySource),
            container.get<JwsVerifier>(TYPES.JwsVerifier),
            container.get<UsedAssertionStore>(TYPES.UsedAssertionStore),
            container.get<ServiceIssuer>(TYPES.ServiceIssuer),
            container.get<Clock>(TYPES.Clock),
          ),
      )
      .inSingletonScope();
  });
}

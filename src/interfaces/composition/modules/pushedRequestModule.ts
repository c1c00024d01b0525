import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock } from '@auth-service/client';
import type { CheckAuthorizationRequest } from '../../../application/oauth/authorization/CheckAuthorizationRequest';
import { PushAuthorizationRequest } from '../../../application/oauth/authorization/PushAuthorizationRequest';
import { UsePushedRequest } from '../../../application/oauth/authorization/UsePushedRequest';
import type { PushedRequestStore } from '../../../domain/ports/PushedRequestStore';
import type { SecretGenerator } from '../../../domain/ports/SecretGenerator';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TypeOrmPushedRequestStore } from '../../../infrastructure/persistence/TypeOrmPushedRequestStore';
import { TYPES } from '../types';

/** Pushed Authorization Requests (RFC 9126): the shared store, pushing (the PAR endpoint), using (the authorization endpoint). */
export function pushedRequestModule(): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.PushedRequestStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmPushedRequestStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.PushAuthorizationRequest).toDynamicValue(
      ({ container }) =>
        new PushAuthorizationRequest(
          container.get<CheckAuthorizationRequest>(TYPES.CheckAuthorizationRequest),
          container.get<PushedRequestStore>(TYPES.PushedRequestStore),
          container.get<SecretGenerator>(TYPES.SecretGenerator),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.UsePushedRequest).toDynamicValue(
      ({ container }) => new UsePushedRequest(container.get<PushedRequestStore>(TYPES.PushedRequestStore), container.get<Clock>(TYPES.Clock)),
    );
  });
}

import { ContainerModule } from 'inversify';
import type { Clock } from '@auth-service/client';
import { EndSession } from '../../../application/oauth/EndSession';
import type { KeyRing } from '../../../domain/model/KeyRing';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { IdTokenHints } from '../../../domain/ports/IdTokenHints';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import { NodeCryptoIdTokenHints } from '../../../infrastructure/crypto/NodeCryptoIdTokenHints';
import { TYPES } from '../types';

/** RP-Initiated Logout: the id_token_hint reader over the service's key ring and issuer, and the end_session_endpoint's use case. */
export function logoutModule(): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.IdTokenHints)
      .toDynamicValue(({ container }) => new NodeCryptoIdTokenHints(container.get<KeyRing>(TYPES.KeyRing), container.get<ServiceIssuer>(TYPES.ServiceIssuer)))
      .inSingletonScope();
    bind(TYPES.EndSession).toDynamicValue(
      ({ container }) =>
        new EndSession(
          container.get<IdTokenHints>(TYPES.IdTokenHints),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<Clock>(TYPES.Clock),
        ),
    );
  });
}

import { ContainerModule } from 'inversify';
import { EnsureSigningKeys } from '../../../application/EnsureSigningKeys';
import { GetCurrentUser } from '../../../application/GetCurrentUser';
import { GetPublicKey } from '../../../application/GetPublicKey';
import { Login } from '../../../application/Login';
import type { KeyRing } from '../../../domain/model/KeyRing';
import type { ClientRegistry } from '../../../domain/ports/ClientRegistry';
import type { Clock } from '../../../domain/ports/Clock';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { KeyPairGenerator } from '../../../domain/ports/KeyPairGenerator';
import type { KeyStore } from '../../../domain/ports/KeyStore';
import type { TokenSigner } from '../../../domain/ports/TokenSigner';
import type { TokenVerifier } from '../../../domain/ports/TokenVerifier';
import type { UserAuthenticator } from '../../../domain/ports/UserAuthenticator';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { TYPES } from '../types';

/** The auth service's use cases, wired by hand so the compiler checks every argument. */
export function applicationModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.EnsureSigningKeys).toDynamicValue(
      ({ container }) =>
        new EnsureSigningKeys(
          container.get<KeyStore>(TYPES.KeyStore),
          container.get<KeyPairGenerator>(TYPES.KeyPairGenerator),
          container.get<KeyRing>(TYPES.KeyRing),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.Login).toDynamicValue(
      ({ container }) =>
        new Login(
          container.get<UserAuthenticator>(TYPES.UserAuthenticator),
          container.get<TokenSigner>(TYPES.TokenSigner),
          container.get<KeyRing>(TYPES.KeyRing),
          container.get<Clock>(TYPES.Clock),
          container.get<IdGenerator>(TYPES.IdGenerator),
          { issuer: config.issuer, ttlSeconds: config.tokenTtlSeconds },
        ),
    );
    bind(TYPES.GetPublicKey).toDynamicValue(
      ({ container }) => new GetPublicKey(container.get<KeyRing>(TYPES.KeyRing), container.get<ClientRegistry>(TYPES.ClientRegistry)),
    );
    bind(TYPES.GetCurrentUser).toDynamicValue(({ container }) => new GetCurrentUser(container.get<TokenVerifier>(TYPES.TokenVerifier)));
  });
}

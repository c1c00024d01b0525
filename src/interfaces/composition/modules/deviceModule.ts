import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock } from '@auth-service/client';
import { ConsentGate } from '../../../application/consent/ConsentGate';
import { DecideDeviceRequest } from '../../../application/device/DecideDeviceRequest';
import { DeviceSignIn } from '../../../application/device/DeviceSignIn';
import type { Login } from '../../../application/login/Login';
import type { EndSession } from '../../../application/oauth/EndSession';
import type { SecondFactorStep } from '../../../application/secondFactor/SecondFactorStep';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import { FindDeviceRequest } from '../../../application/device/FindDeviceRequest';
import { RedeemDeviceCode } from '../../../application/device/RedeemDeviceCode';
import { StartDeviceAuthorization } from '../../../application/device/StartDeviceAuthorization';
import type { Interactions } from '../../../application/interaction/Interactions';
import type { GrantOwners } from '../../../application/oauth/GrantOwners';
import type { RefreshTokenFamilies } from '../../../application/oauth/RefreshTokenFamilies';
import type { AccessTokenIssuer } from '../../../application/tokens/AccessTokenIssuer';
import type { IdTokenIssuer } from '../../../application/tokens/IdTokenIssuer';
import type { AttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import type { ConsentStore } from '../../../domain/ports/ConsentStore';
import type { DeviceAuthorizationStore } from '../../../domain/ports/DeviceAuthorizationStore';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { RevocationStore } from '../../../domain/ports/RevocationStore';
import type { SecretGenerator } from '../../../domain/ports/SecretGenerator';
import { RandomUserCodeGenerator } from '../../../infrastructure/crypto/RandomUserCodeGenerator';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TypeOrmDeviceAuthorizationStore } from '../../../infrastructure/persistence/TypeOrmDeviceAuthorizationStore';
import { TYPES } from '../types';

/** The device authorization grant (RFC 8628): the shared store, the endpoint's start, the token grant, the approval page's look-up and decision. */
export function deviceModule(sessionSeconds: number): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.DeviceAuthorizationStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmDeviceAuthorizationStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.StartDeviceAuthorization).toDynamicValue(
      ({ container }) =>
        new StartDeviceAuthorization(
          container.get<DeviceAuthorizationStore>(TYPES.DeviceAuthorizationStore),
          container.get<SecretGenerator>(TYPES.SecretGenerator),
          new RandomUserCodeGenerator(),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.RedeemDeviceCode).toDynamicValue(
      ({ container }) =>
        new RedeemDeviceCode(
          container.get<DeviceAuthorizationStore>(TYPES.DeviceAuthorizationStore),
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
          container.get<AccessTokenIssuer>(TYPES.OAuthTokens),
          container.get<GrantOwners>(TYPES.GrantOwners),
          container.get<IdTokenIssuer>(TYPES.IdTokens),
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.FindDeviceRequest).toDynamicValue(
      ({ container }) =>
        new FindDeviceRequest(
          container.get<DeviceAuthorizationStore>(TYPES.DeviceAuthorizationStore),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          container.get<AttemptLimiter>(TYPES.UserCodeAttemptLimiter),
          container.get<AttemptLimiter>(TYPES.AllUserCodeAttemptLimiter),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    // The device page's sign-in: the authorization endpoint's login, sessions, second factor and interactions.
    bind(TYPES.DeviceSignIn).toDynamicValue(
      ({ container }) =>
        new DeviceSignIn(
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<Login>(TYPES.Login),
          container.get<Interactions>(TYPES.Interactions),
          container.get<EndSession>(TYPES.EndSession),
          container.get<SecondFactorStep>(TYPES.SecondFactorStep),
          container.get<SecretGenerator>(TYPES.SecretGenerator),
          container.get<IdGenerator>(TYPES.IdGenerator),
          container.get<Clock>(TYPES.Clock),
          sessionSeconds,
        ),
    );
    bind(TYPES.DecideDeviceRequest).toDynamicValue(
      ({ container }) =>
        new DecideDeviceRequest(
          container.get<Interactions>(TYPES.Interactions),
          container.get<DeviceAuthorizationStore>(TYPES.DeviceAuthorizationStore),
          new ConsentGate(container.get<ConsentStore>(TYPES.ConsentStore), container.get<Clock>(TYPES.Clock), container.get<AuditTrail>(TYPES.AuditTrail)),
          container.get<Clock>(TYPES.Clock),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
  });
}

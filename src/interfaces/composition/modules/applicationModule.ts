import { ContainerModule } from 'inversify';
import { EnsureIssuer } from '../../../application/EnsureIssuer';
import { EnsureSigningKeys } from '../../../application/keys/EnsureSigningKeys';
import { GetJsonWebKeySet } from '../../../application/keys/GetJsonWebKeySet';
import { GetUserInfo } from '../../../application/oauth/GetUserInfo';
import { ClientCredentialsGrant } from '../../../application/oauth/ClientCredentialsGrant';
import { PasswordGrant } from '../../../application/oauth/PasswordGrant';
import { AuthenticateClient } from '../../../application/clients/AuthenticateClient';
import { ClientSecretGuard } from '../../../application/clients/ClientSecretGuard';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import { GetPublicKey } from '../../../application/keys/GetPublicKey';
import { GetVerificationKeys } from '../../../application/keys/GetVerificationKeys';
import type { KeyRotationPolicy } from '../../../application/keys/KeyRotationPolicy';
import { RevokeSigningKey } from '../../../application/keys/RevokeSigningKey';
import { RotateSigningKey } from '../../../application/keys/RotateSigningKey';
import { SyncSigningKeys } from '../../../application/keys/SyncSigningKeys';
import { Login } from '../../../application/login/Login';
import type { KeyRing } from '../../../domain/model/KeyRing';
import type { ServiceAccessTokenVerifier } from '../../../application/keys/KeyReloadingAccessTokenVerifier';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { IssuerStore } from '../../../domain/ports/IssuerStore';
import type { LoginCapacity } from '../../../domain/ports/LoginCapacity';
import type { AttemptLimiter, PlannedAttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../../../domain/ports/ClientRegistry';
import type { Clock } from '@auth-service/client';
import type { KeyPairGenerator } from '../../../domain/ports/KeyPairGenerator';
import type { KeyLifecycleStore } from '../../../domain/ports/KeyLifecycleStore';
import type { KeyStore } from '../../../domain/ports/KeyStore';
import type { PublicJwkExporter } from '../../../domain/ports/PublicJwkExporter';
import type { ActiveUsers } from '../../../domain/ports/ActiveUsers';
import type { UserAuthenticator } from '../../../domain/ports/UserAuthenticator';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { TYPES } from '../types';
import type { RefreshTokenFamilies } from '../../../application/oauth/RefreshTokenFamilies';
import type { AccessTokenIssuer } from '../../../application/tokens/AccessTokenIssuer';
import { grantingClients } from './grantingClients';

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
    bind(TYPES.EnsureIssuer).toDynamicValue(
      ({ container }) => new EnsureIssuer(container.get<IssuerStore>(TYPES.IssuerStore), container.get<ServiceIssuer>(TYPES.ServiceIssuer)),
    );
    bind(TYPES.Login).toDynamicValue(
      ({ container }) =>
        new Login(
          container.get<UserAuthenticator>(TYPES.UserAuthenticator),
          container.get<AccessTokenIssuer>(TYPES.LoginTokens),
          container.get<PlannedAttemptLimiter>(TYPES.LoginAttemptLimiter),
          container.get<LoginCapacity>(TYPES.LoginCapacity),
        ),
    );
    // One guard per registry a secret is checked against, both on the key-endpoint limits: a guard keeps the
    // checks under way in this process (what a new address's first burst waits for), which meet only in one guard.
    // The key endpoints and the revocation feed check AUTH_CLIENTS alone (ResourceServices).
    bind(TYPES.ResourceServiceSecretGuard)
      .toDynamicValue(
        ({ container }) =>
          new ClientSecretGuard(container.get<ClientRegistry>(TYPES.ResourceServices), container.get<AttemptLimiter>(TYPES.KeyEndpointAttemptLimiter)),
      )
      .inSingletonScope();
    // The token and revocation endpoints check AUTH_CLIENTS and the registered confidential clients (ClientRegistry).
    bind(TYPES.ClientSecretGuard)
      .toDynamicValue(
        ({ container }) =>
          new ClientSecretGuard(container.get<ClientRegistry>(TYPES.ClientRegistry), container.get<AttemptLimiter>(TYPES.KeyEndpointAttemptLimiter)),
      )
      .inSingletonScope();
    bind(TYPES.GetVerificationKeys).toDynamicValue(
      ({ container }) =>
        new GetVerificationKeys(container.get<KeyRing>(TYPES.KeyRing), container.get<ClientSecretGuard>(TYPES.ResourceServiceSecretGuard)),
    );
    bind(TYPES.GetPublicKey).toDynamicValue(
      ({ container }) => new GetPublicKey(container.get<KeyRing>(TYPES.KeyRing), container.get<ClientSecretGuard>(TYPES.ResourceServiceSecretGuard)),
    );
    const rotationPolicy = rotationPolicyOf(config);
    bind(TYPES.RotateSigningKey).toDynamicValue(
      ({ container }) =>
        new RotateSigningKey(
          container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore),
          container.get<KeyPairGenerator>(TYPES.KeyPairGenerator),
          container.get<Clock>(TYPES.Clock),
          rotationPolicy,
        ),
    );
    bind(TYPES.SyncSigningKeys).toDynamicValue(
      ({ container }) =>
        new SyncSigningKeys(
          container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore),
          container.get<KeyRing>(TYPES.KeyRing),
          container.get<Clock>(TYPES.Clock),
          container.get<RotateSigningKey>(TYPES.RotateSigningKey),
          rotationPolicy,
        ),
    );
    bind(TYPES.RevokeSigningKey).toDynamicValue(
      ({ container }) =>
        new RevokeSigningKey(
          container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore),
          container.get<KeyPairGenerator>(TYPES.KeyPairGenerator),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.GetJsonWebKeySet).toDynamicValue(
      ({ container }) => new GetJsonWebKeySet(container.get<KeyRing>(TYPES.KeyRing), container.get<PublicJwkExporter>(TYPES.PublicJwkExporter)),
    );
    bind(TYPES.ClientCredentialsGrant).toDynamicValue(
      ({ container }) =>
        new ClientCredentialsGrant(container.get<AccessTokenIssuer>(TYPES.OAuthTokens)),
    );
    bind(TYPES.PasswordGrant).toDynamicValue(
      ({ container }) =>
        new PasswordGrant(
          container.get<Login>(TYPES.Login),
          container.get<AccessTokenIssuer>(TYPES.OAuthTokens),
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
        ),
    );
    // The token endpoint's one client check, on the guard the revocation endpoint shares.
    bind(TYPES.AuthenticateClient)
      .toDynamicValue(
        ({ container }) =>
          new AuthenticateClient(
            container.get<ClientSecretGuard>(TYPES.ClientSecretGuard),
            grantingClients(container.get<OAuthClientStore>(TYPES.OAuthClientStore), config),
          ),
      )
      .inSingletonScope();
    bind(TYPES.GetUserInfo).toDynamicValue(
      ({ container }) =>
        new GetUserInfo(
          container.get<ServiceAccessTokenVerifier>(TYPES.AccessTokenVerifier),
          container.get<ActiveUsers>(TYPES.ActiveUsers),
        ),
    );
  });
}

/** How keys rotate and retire, from the configuration: the service and the keys command use the same. */
export function rotationPolicyOf(config: Readonly<AuthServerConfig>): KeyRotationPolicy {
  return {
    method: config.signMethod,
    alg: config.signAlg,
    publishAheadSeconds: config.keyPublishAheadSeconds,
    // Until every token the key signed has expired, wherever it is checked:
    // TTL, the most lenient verifier's clock tolerance (the margin), and one sync of lag.
    retireAfterSeconds: config.tokenTtlSeconds + Math.max(config.clockToleranceSeconds, config.keyRetireMarginSeconds) + config.keySyncSeconds,
    rotationDays: config.keyRotationDays,
  };
}

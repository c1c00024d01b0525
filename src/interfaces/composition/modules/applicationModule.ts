import { ContainerModule, type interfaces } from 'inversify';
import { EnsureIssuer } from '../../../application/EnsureIssuer';
import { EnsureSigningKeys } from '../../../application/keys/EnsureSigningKeys';
import { GetJsonWebKeySet } from '../../../application/keys/GetJsonWebKeySet';
import { GetUserInfo } from '../../../application/oauth/GetUserInfo';
import type { FindActiveToken } from '../../../application/oauth/FindActiveToken';
import { ClientCredentialsGrant } from '../../../application/oauth/ClientCredentialsGrant';
import { PasswordGrant } from '../../../application/oauth/PasswordGrant';
import { AuthenticateClient } from '../../../application/clients/AuthenticateClient';
import { ChecksInFlightHere } from '../../../application/clients/ChecksInFlightHere';
import { ClientSecretGuard } from '../../../application/clients/ClientSecretGuard';
import type { VerifyClientAssertion } from '../../../application/clients/VerifyClientAssertion';
import { TooManyKeyRequestsError } from '../../../domain/errors';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import { GetPublicKey } from '../../../application/keys/GetPublicKey';
import { GetVerificationKeys } from '../../../application/keys/GetVerificationKeys';
import type { KeyRotationPolicy } from '../../../application/keys/KeyRotationPolicy';
import { RevokeSigningKey } from '../../../application/keys/RevokeSigningKey';
import { RotateSigningKey } from '../../../application/keys/RotateSigningKey';
import { SyncSigningKeys } from '../../../application/keys/SyncSigningKeys';
import { Login } from '../../../application/login/Login';
import type { SecondFactorGate } from '../../../application/secondFactor/SecondFactorGate';
import type { KeyRing } from '../../../domain/model/KeyRing';
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
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
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
          container.get<SecondFactorGate>(TYPES.SecondFactorGate),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    // One guard per registry a secret is checked against, both on the key-endpoint limits and one set of checks under
    // way (what a new address's first burst waits for): a refused check waits for the same client's and address's
    // check under way at any endpoint, and is served once that proved the address right (the proof is in the shared
    // store, so it holds whichever registry proved it). The key endpoints and the feed check AUTH_CLIENTS alone
    // (ResourceServices); the token and revocation endpoints also the registered confidential clients (ClientRegistry).
    const checksUnderWay = new ChecksInFlightHere();
    const guard = (container: interfaces.Container, registry: symbol) =>
      new ClientSecretGuard(
        container.get<ClientRegistry>(registry),
        container.get<AttemptLimiter>(TYPES.KeyEndpointAttemptLimiter),
        (seconds) => new TooManyKeyRequestsError(seconds),
        checksUnderWay,
      );
    bind(TYPES.ResourceServiceSecretGuard)
      .toDynamicValue(({ container }) => guard(container, TYPES.ResourceServices))
      .inSingletonScope();
    bind(TYPES.ClientSecretGuard)
      .toDynamicValue(({ container }) => guard(container, TYPES.ClientRegistry))
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
          container.get<AuditTrail>(TYPES.AuditTrail),
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
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.GetJsonWebKeySet).toDynamicValue(
      ({ container }) => new GetJsonWebKeySet(container.get<KeyRing>(TYPES.KeyRing), container.get<PublicJwkExporter>(TYPES.PublicJwkExporter)),
    );
    bind(TYPES.ClientCredentialsGrant).toDynamicValue(
      ({ container }) =>
        new ClientCredentialsGrant(container.get<AccessTokenIssuer>(TYPES.OAuthTokens), container.get<AuditTrail>(TYPES.AuditTrail)),
    );
    bind(TYPES.PasswordGrant).toDynamicValue(
      ({ container }) =>
        new PasswordGrant(
          container.get<Login>(TYPES.Login),
          container.get<AccessTokenIssuer>(TYPES.OAuthTokens),
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
          container.get<SecondFactorGate>(TYPES.SecondFactorGate),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    // The token endpoint's one client check, on the guard the revocation endpoint shares.
    bind(TYPES.AuthenticateClient)
      .toDynamicValue(
        ({ container }) =>
          new AuthenticateClient(
            container.get<ClientSecretGuard>(TYPES.ClientSecretGuard),
            grantingClients(container.get<OAuthClientStore>(TYPES.OAuthClientStore), config),
            container.get<VerifyClientAssertion>(TYPES.VerifyClientAssertion),
          ),
      )
      .inSingletonScope();
    bind(TYPES.GetUserInfo).toDynamicValue(
      ({ container }) =>
        new GetUserInfo(
          container.get<FindActiveToken>(TYPES.FindActiveToken),
          container.get<ActiveUsers>(TYPES.ActiveUsers),
          new Set(config.clients.map((client) => client.appId)),
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

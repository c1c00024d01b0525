import { ContainerModule } from 'inversify';
import type { Clock } from '@auth-service/client';
import { ListClientsPage } from '../../../application/clients/ListClientsPage';
import { RegisterClient } from '../../../application/clients/RegisterClient';
import { RemoveClient } from '../../../application/clients/RemoveClient';
import { RotateClientSecret } from '../../../application/clients/RotateClientSecret';
import { UpdateClient } from '../../../application/clients/UpdateClient';
import { ListConsents } from '../../../application/consent/ListConsents';
import { RevokeConsent } from '../../../application/consent/RevokeConsent';
import { ListSigningKeys } from '../../../application/keys/ListSigningKeys';
import type { BackchannelLogout } from '../../../application/logout/BackchannelLogout';
import type { RevokeUserTokens } from '../../../application/revocation/RevokeUserTokens';
import { AddUser } from '../../../application/users/AddUser';
import { ChangePassword } from '../../../application/users/ChangePassword';
import { ChangeUserStatus } from '../../../application/users/ChangeUserStatus';
import { EndUserSessions } from '../../../application/users/EndUserSessions';
import { GetUser } from '../../../application/users/GetUser';
import { ListUserSessions } from '../../../application/users/ListUserSessions';
import { ListUsers } from '../../../application/users/ListUsers';
import { ListUsersPage } from '../../../application/users/ListUsersPage';
import { RemoveUser } from '../../../application/users/RemoveUser';
import type { AuthorizationCodeStore } from '../../../domain/ports/AuthorizationCodeStore';
import type { ConsentStore } from '../../../domain/ports/ConsentStore';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { KeyLifecycleStore } from '../../../domain/ports/KeyLifecycleStore';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { PasswordHasher } from '../../../domain/ports/PasswordHasher';
import type { RefreshTokenStore } from '../../../domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../../../domain/ports/RevocationStore';
import type { SecretGenerator } from '../../../domain/ports/SecretGenerator';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { revocationPolicyOf } from './revocationModule';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import type { SecondFactorStore } from '../../../domain/ports/SecondFactorStore';
import { TYPES } from '../types';

/**
 * The administrative use cases (users, consents, sessions, clients, keys), built once for both
 * the `users|clients|keys` commands and the admin HTTP API, so a rule changed here holds for both
 * (Keycloak's admin REST and kcadm share one model). Needs the infrastructure, revocation,
 * code-flow, refresh-token, logout and application modules.
 */
export function adminModule(config: Readonly<AuthServerConfig>): ContainerModule {
  const policy = revocationPolicyOf(config);
  return new ContainerModule((bind) => {
    bind(TYPES.AddUser).toDynamicValue(
      ({ container }) =>
        new AddUser(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<PasswordHasher>(TYPES.PasswordHasher),
          container.get<Clock>(TYPES.Clock),
          container.get<IdGenerator>(TYPES.IdGenerator),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.GetUser).toDynamicValue(({ container }) => new GetUser(container.get<UserRepository>(TYPES.UserRepository), container.get<SecondFactorStore>(TYPES.SecondFactorStore)));
    bind(TYPES.ListUsers).toDynamicValue(({ container }) => new ListUsers(container.get<UserRepository>(TYPES.UserRepository), container.get<SecondFactorStore>(TYPES.SecondFactorStore)));
    bind(TYPES.ListUsersPage).toDynamicValue(({ container }) => new ListUsersPage(container.get<UserRepository>(TYPES.UserRepository), container.get<SecondFactorStore>(TYPES.SecondFactorStore)));
    bind(TYPES.ChangeUserStatus).toDynamicValue(
      ({ container }) =>
        new ChangeUserStatus(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<Clock>(TYPES.Clock),
          container.get<RevokeUserTokens>(TYPES.RevokeUserTokens),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.RemoveUser).toDynamicValue(
      ({ container }) => new RemoveUser(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<RevokeUserTokens>(TYPES.RevokeUserTokens),
          container.get<SecondFactorStore>(TYPES.SecondFactorStore),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.ChangePassword).toDynamicValue(
      ({ container }) =>
        new ChangePassword(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<PasswordHasher>(TYPES.PasswordHasher),
          container.get<Clock>(TYPES.Clock),
          container.get<RevokeUserTokens>(TYPES.RevokeUserTokens),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.ListConsents).toDynamicValue(
      ({ container }) => new ListConsents(container.get<UserRepository>(TYPES.UserRepository), container.get<ConsentStore>(TYPES.ConsentStore)),
    );
    bind(TYPES.RevokeConsent).toDynamicValue(
      ({ container }) => new RevokeConsent(container.get<UserRepository>(TYPES.UserRepository), container.get<ConsentStore>(TYPES.ConsentStore), container.get<AuditTrail>(TYPES.AuditTrail)),
    );
    bind(TYPES.ListUserSessions).toDynamicValue(
      ({ container }) =>
        new ListUserSessions(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.EndUserSessions).toDynamicValue(
      ({ container }) =>
        new EndUserSessions(
          container.get<UserRepository>(TYPES.UserRepository),
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<BackchannelLogout>(TYPES.BackchannelLogout),
          container.get<Clock>(TYPES.Clock),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.RegisterClient).toDynamicValue(
      ({ container }) => new RegisterClient(container.get<OAuthClientStore>(TYPES.OAuthClientStore), container.get<SecretGenerator>(TYPES.SecretGenerator), container.get<AuditTrail>(TYPES.AuditTrail)),
    );
    bind(TYPES.ListClientsPage).toDynamicValue(({ container }) => new ListClientsPage(container.get<OAuthClientStore>(TYPES.OAuthClientStore)));
    bind(TYPES.UpdateClient).toDynamicValue(({ container }) => new UpdateClient(container.get<OAuthClientStore>(TYPES.OAuthClientStore), container.get<AuditTrail>(TYPES.AuditTrail)));
    bind(TYPES.RotateClientSecret).toDynamicValue(
      ({ container }) => new RotateClientSecret(container.get<OAuthClientStore>(TYPES.OAuthClientStore), container.get<SecretGenerator>(TYPES.SecretGenerator), container.get<AuditTrail>(TYPES.AuditTrail)),
    );
    bind(TYPES.RemoveClient).toDynamicValue(
      ({ container }) =>
        new RemoveClient(
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<RefreshTokenStore>(TYPES.RefreshTokenStore),
          container.get<AuthorizationCodeStore>(TYPES.AuthorizationCodeStore),
          container.get<ConsentStore>(TYPES.ConsentStore),
          container.get<Clock>(TYPES.Clock),
          policy,
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.ListSigningKeys).toDynamicValue(({ container }) => new ListSigningKeys(container.get<KeyLifecycleStore>(TYPES.KeyLifecycleStore)));
  });
}

import type { SignInWithPasskey } from '../../../application/passkeys/SignInWithPasskey';
import type { SecondFactorStep } from '../../../application/secondFactor/SecondFactorStep';
import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { Authorize } from '../../../application/oauth/Authorize';
import { CheckAuthorizationRequest } from '../../../application/oauth/authorization/CheckAuthorizationRequest';
import type { IdTokenHints } from '../../../domain/ports/IdTokenHints';
import { ConsentGate } from '../../../application/consent/ConsentGate';
import type { ConsentStore } from '../../../domain/ports/ConsentStore';
import { TypeOrmConsentStore } from '../../../infrastructure/persistence/TypeOrmConsentStore';
import { Interactions } from '../../../application/interaction/Interactions';
import type { InteractionStore } from '../../../domain/ports/InteractionStore';
import type { RevocationStore } from '../../../domain/ports/RevocationStore';
import { TypeOrmInteractionStore } from '../../../infrastructure/persistence/TypeOrmInteractionStore';
import { EnsureSignInFormKey } from '../../../application/oauth/EnsureSignInFormKey';
import { ExchangeAuthorizationCode } from '../../../application/oauth/ExchangeAuthorizationCode';
import type { Login } from '../../../application/login/Login';
import type { RefreshTokenFamilies } from '../../../application/oauth/RefreshTokenFamilies';
import type { AccessTokenIssuer } from '../../../application/tokens/AccessTokenIssuer';
import type { IdTokenIssuer } from '../../../application/tokens/IdTokenIssuer';
import { grantingClients } from './grantingClients';
import type { GrantOwners } from '../../../application/oauth/GrantOwners';
import type { AuthorizationCodeStore } from '../../../domain/ports/AuthorizationCodeStore';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { SecretGenerator } from '../../../domain/ports/SecretGenerator';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import type { SignInFormKeyStore } from '../../../domain/ports/SignInFormKeyStore';
import type { Clock } from '@auth-service/client';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { S256CodeChallengeVerifier } from '../../../infrastructure/crypto/S256CodeChallengeVerifier';
import { TypeOrmAuthorizationCodeStore } from '../../../infrastructure/persistence/TypeOrmAuthorizationCodeStore';
import { TypeOrmSignInSessionStore } from '../../../infrastructure/persistence/TypeOrmSignInSessionStore';
import { TypeOrmSignInFormKeyStore } from '../../../infrastructure/persistence/TypeOrmSignInFormKeyStore';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import type { EndSession } from '../../../application/oauth/EndSession';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import { TYPES } from '../types';
import { AccountPageClients } from '../../../application/account/AccountPageClients';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';

/** Codes live at most this long (RFC 6749 §4.1.2 allows 10 minutes; a browser redirect takes a second). */
export const AUTHORIZATION_CODE_SECONDS = 60;

/**
 * The authorization code flow: codes, sign-in sessions, consents, interaction pages and the sign-in form's key on the
 * shared store, the authorization endpoint's use case, the code grant. Needs RevocationStore (interaction pages check the
 * user's and the client's not-before).
 */
export function codeFlowModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.AuthorizationCodeStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmAuthorizationCodeStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.SignInSessionStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmSignInSessionStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.ConsentStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmConsentStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.InteractionStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmInteractionStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.Interactions).toDynamicValue(
      ({ container }) =>
        new Interactions(
          container.get<InteractionStore>(TYPES.InteractionStore),
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<AccountPageClients>(TYPES.AuthorizingClients),
          container.get<SecretGenerator>(TYPES.SecretGenerator),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    // Interaction pages shown to the account page's sign-in find its client like any registered one.
    bind(TYPES.AuthorizingClients).toDynamicValue(
      ({ container }) => new AccountPageClients(container.get<OAuthClientStore>(TYPES.OAuthClientStore), () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value),
    );
    bind(TYPES.SignInFormKeyStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmSignInFormKeyStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.EnsureSignInFormKey).toDynamicValue(
      ({ container }) => new EnsureSignInFormKey(container.get<SignInFormKeyStore>(TYPES.SignInFormKeyStore), container.get<SecretGenerator>(TYPES.SecretGenerator)),
    );
    bind(TYPES.Authorize).toDynamicValue(
      ({ container }) =>
        new Authorize(
          container.get<AuthorizationCodeStore>(TYPES.AuthorizationCodeStore),
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<Login>(TYPES.Login),
          container.get<SignInWithPasskey>(TYPES.SignInWithPasskey),
          new ConsentGate(container.get<ConsentStore>(TYPES.ConsentStore), container.get<Clock>(TYPES.Clock), container.get<AuditTrail>(TYPES.AuditTrail)),
          container.get<Interactions>(TYPES.Interactions),
          container.get<EndSession>(TYPES.EndSession),
          container.get<SecondFactorStep>(TYPES.SecondFactorStep),
          container.get<SecretGenerator>(TYPES.SecretGenerator),
          container.get<IdGenerator>(TYPES.IdGenerator),
          container.get<Clock>(TYPES.Clock),
          { codeSeconds: AUTHORIZATION_CODE_SECONDS, sessionSeconds: config.signInSessionSeconds },
        ),
    );
    // The request's checks; id_token_hint is read as logout reads it (logoutModule binds IdTokenHints).
    bind(TYPES.CheckAuthorizationRequest).toDynamicValue(
      ({ container }) => new CheckAuthorizationRequest(
          new AccountPageClients(grantingClients(container.get<OAuthClientStore>(TYPES.OAuthClientStore), config), () => container.get<ServiceIssuer>(TYPES.ServiceIssuer).value),
          container.get<IdTokenHints>(TYPES.IdTokenHints),
          config.requirePkce,
          config.requirePar,
        ),
    );
    bind(TYPES.ExchangeAuthorizationCode).toDynamicValue(
      ({ container }) =>
        new ExchangeAuthorizationCode(
          container.get<AuthorizationCodeStore>(TYPES.AuthorizationCodeStore),
          new S256CodeChallengeVerifier(),
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
          container.get<AccessTokenIssuer>(TYPES.OAuthTokens),
          container.get<GrantOwners>(TYPES.GrantOwners),
          container.get<IdTokenIssuer>(TYPES.IdTokens),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
  });
}

import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { CachedRevocationView } from '../../../application/revocation/CachedRevocationView';
import { GetRevocationFeed } from '../../../application/revocation/GetRevocationFeed';
import type { RevocationPolicy } from '../../../domain/model/RevocationPolicy';
import { RevokeToken } from '../../../application/revocation/RevokeToken';
import { RevokeUserTokens, type RevocationObserver } from '../../../application/revocation/RevokeUserTokens';
import type { ClientSecretGuard } from '../../../application/clients/ClientSecretGuard';
import type { Clock } from '@auth-service/client';
import type { Logger } from '@auth-service/client';
import type { BackchannelLogout } from '../../../application/logout/BackchannelLogout';
import type { RevocationStore } from '../../../domain/ports/RevocationStore';
import type { ServiceAccessTokenVerifier } from '../../../application/keys/KeyReloadingAccessTokenVerifier';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { TypeOrmRevocationStore } from '../../../infrastructure/persistence/TypeOrmRevocationStore';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TYPES } from '../types';

/**
 * Revoked tokens kept per subject before older ones fold into its not-before:
 * far above what a person signs out of within a token lifetime (a few devices,
 * a few sessions a day), far below the ~97,000 a login + sign-out loop makes.
 */
export const REVOKED_TOKENS_PER_SUBJECT = 100;
import type { RefreshTokenFamilies } from '../../../application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../application/revocation/RevokeIssuedAccessTokens';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { RefreshTokenStore } from '../../../domain/ports/RefreshTokenStore';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import type { AuthorizationCodeStore } from '../../../domain/ports/AuthorizationCodeStore';
import type { ConsentStore } from '../../../domain/ports/ConsentStore';

/** Entries must outlive every token they cover, wherever it is checked (the key retirement uses the same margin). */
export function revocationPolicyOf(config: Readonly<AuthServerConfig>): RevocationPolicy {
  const tolerance = Math.max(config.clockToleranceSeconds, config.keyRetireMarginSeconds);
  return { maxTokenLifetimeSeconds: config.tokenTtlSeconds + tolerance, clockToleranceSeconds: tolerance, tokensPerSubject: REVOKED_TOKENS_PER_SUBJECT };
}

/**
 * Revocation on the auth service: the shared store, this process's cached view
 * of it (updated at once by this process's own writes), the use cases, and a
 * log line plus `onRevoked` (metrics) per revocation. Needs Clock, Logger,
 * DataSource, the client secret guards and AccessTokenVerifier from the other modules.
 */
export function revocationModule(config: Readonly<AuthServerConfig>, onRevoked: (kind: 'subject' | 'token') => void = () => undefined): ContainerModule {
  const policy = revocationPolicyOf(config);
  return new ContainerModule((bind) => {
    bind(TYPES.RevocationStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmRevocationStore(container.get<DataSource>(TYPES.DataSource), container.get<Clock>(TYPES.Clock))))
      .inSingletonScope();
    bind(TYPES.RevocationView)
      .toDynamicValue(({ container }) => new CachedRevocationView(container.get<RevocationStore>(TYPES.RevocationStore), container.get<Clock>(TYPES.Clock), config.revocationMaxStaleSeconds))
      .inSingletonScope();
    const observerFrom = (view: CachedRevocationView, logger: Logger): RevocationObserver => (kind, added) => {
      view.record(added);
      onRevoked(kind);
      // Ids only: a subject is a user id, a jti names one token and is no credential.
      logger.info({ kind, subjects: added.subjects.map((entry) => entry.subject), jtis: added.tokens.map((entry) => entry.jti) }, 'tokens revoked');
    };
    bind(TYPES.RevokeUserTokens).toDynamicValue(
      ({ container }) =>
        new RevokeUserTokens(
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<Clock>(TYPES.Clock),
          policy,
          observerFrom(container.get<CachedRevocationView>(TYPES.RevocationView), container.get<Logger>(TYPES.Logger)),
          [
            // First: the user's sessions and consents still name the clients to tell.
            container.get<BackchannelLogout>(TYPES.BackchannelLogout),
            container.get<RefreshTokenStore>(TYPES.RefreshTokenStore),
            container.get<SignInSessionStore>(TYPES.SignInSessionStore),
            container.get<AuthorizationCodeStore>(TYPES.AuthorizationCodeStore),
            container.get<ConsentStore>(TYPES.ConsentStore),
          ],
        ),
    );
    bind(TYPES.RevokeIssuedAccessTokens).toDynamicValue(
      ({ container }) =>
        new RevokeIssuedAccessTokens(
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<Clock>(TYPES.Clock),
          policy,
          observerFrom(container.get<CachedRevocationView>(TYPES.RevocationView), container.get<Logger>(TYPES.Logger)),
        ),
    );
    bind(TYPES.RevokeToken).toDynamicValue(
      ({ container }) =>
        new RevokeToken(
          container.get<ServiceAccessTokenVerifier>(TYPES.AccessTokenVerifier),
          container.get<ClientSecretGuard>(TYPES.ClientSecretGuard),
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<Clock>(TYPES.Clock),
          policy,
          observerFrom(container.get<CachedRevocationView>(TYPES.RevocationView), container.get<Logger>(TYPES.Logger)),
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
        ),
    );
    bind(TYPES.GetRevocationFeed).toDynamicValue(
      ({ container }) =>
        new GetRevocationFeed(
          container.get<RevocationStore>(TYPES.RevocationStore),
          container.get<ClientSecretGuard>(TYPES.ResourceServiceSecretGuard),
          container.get<Clock>(TYPES.Clock),
        ),
    );
  });
}

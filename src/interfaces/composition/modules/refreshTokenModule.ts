import { ContainerModule, type interfaces } from 'inversify';
import type { DataSource } from 'typeorm';
import { RefreshAccessToken } from '../../../application/oauth/RefreshAccessToken';
import { RefreshTokenFamilies } from '../../../application/oauth/RefreshTokenFamilies';
import type { RevokeIssuedAccessTokens } from '../../../application/revocation/RevokeIssuedAccessTokens';
import { AccessTokenIssuer } from '../../../application/tokens/AccessTokenIssuer';
import { IdTokenIssuer } from '../../../application/tokens/IdTokenIssuer';
import { NodeAccessTokenHasher } from '../../../infrastructure/crypto/NodeAccessTokenHasher';
import { GrantOwners } from '../../../application/oauth/GrantOwners';
import { IntrospectToken } from '../../../application/oauth/IntrospectToken';
import { FindActiveToken } from '../../../application/oauth/FindActiveToken';
import type { ServiceAccessTokenVerifier } from '../../../application/keys/KeyReloadingAccessTokenVerifier';
import type { ActiveUsers } from '../../../domain/ports/ActiveUsers';
import type { RevocationStore } from '../../../domain/ports/RevocationStore';
import type { KeyRing } from '../../../domain/model/KeyRing';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { AttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { RefreshTokenStore } from '../../../domain/ports/RefreshTokenStore';
import type { SecretGenerator } from '../../../domain/ports/SecretGenerator';
import type { TokenSigner } from '../../../domain/ports/TokenSigner';
import type { Clock } from '@auth-service/client';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { TypeOrmRefreshTokenStore } from '../../../infrastructure/persistence/TypeOrmRefreshTokenStore';
import { RandomSecretGenerator } from '../../../infrastructure/system/RandomSecretGenerator';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import { TYPES } from '../types';

/**
 * Refresh tokens of the OAuth token endpoint: the shared store, the families,
 * the OAuth access tokens (their own lifetime), the refresh_token grant and
 * RFC 7662 introspection (access tokens through the service's verifier, refresh
 * tokens through the families). Needs the revocation module
 * (RevokeIssuedAccessTokens), the verification module and the others.
 */
export function refreshTokenModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.SecretGenerator).toConstantValue(new RandomSecretGenerator());
    bind(TYPES.RefreshTokenStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmRefreshTokenStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.RefreshTokenFamilies)
      .toDynamicValue(
        ({ container }) =>
          new RefreshTokenFamilies(
            container.get<RefreshTokenStore>(TYPES.RefreshTokenStore),
            container.get<SecretGenerator>(TYPES.SecretGenerator),
            container.get<IdGenerator>(TYPES.IdGenerator),
            container.get<Clock>(TYPES.Clock),
            { absoluteSeconds: config.refreshTokenTtlSeconds, idleSeconds: config.refreshTokenIdleSeconds },
            container.get<RevokeIssuedAccessTokens>(TYPES.RevokeIssuedAccessTokens),
          ),
      )
      .inSingletonScope();
    // One issuer class, two lifetimes: the seed login's tokens and the OAuth endpoint's.
    bind(TYPES.LoginTokens)
      .toDynamicValue(({ container }) => accessTokenIssuer(container, config.tokenTtlSeconds))
      .inSingletonScope();
    bind(TYPES.OAuthTokens)
      .toDynamicValue(({ container }) => accessTokenIssuer(container, config.oauthAccessTokenTtlSeconds))
      .inSingletonScope();
    // ID tokens beside the OAuth access tokens: same issuer and lifetime.
    bind(TYPES.IdTokens)
      .toDynamicValue(({ container }) => {
        const issuer = container.get<ServiceIssuer>(TYPES.ServiceIssuer);
        return new IdTokenIssuer(
          container.get<TokenSigner>(TYPES.TokenSigner),
          container.get<KeyRing>(TYPES.KeyRing),
          container.get<Clock>(TYPES.Clock),
          new NodeAccessTokenHasher(),
          {
            get issuer() {
              return issuer.value;
            },
            ttlSeconds: config.oauthAccessTokenTtlSeconds,
          },
        );
      })
      .inSingletonScope();
    bind(TYPES.RefreshAccessToken).toDynamicValue(
      ({ container }) =>
        new RefreshAccessToken(
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
          container.get<AccessTokenIssuer>(TYPES.OAuthTokens),
          container.get<FindActiveToken>(TYPES.FindActiveToken),
          container.get<AttemptLimiter>(TYPES.RefreshLimiter),
          container.get<IdTokenIssuer>(TYPES.IdTokens),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
    bind(TYPES.IntrospectToken).toDynamicValue(
      ({ container }) =>
        new IntrospectToken(container.get<FindActiveToken>(TYPES.FindActiveToken), container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies)),
    );
    // The one answer to "is this token active" for introspection, userinfo and the refresh grant.
    bind(TYPES.FindActiveToken).toDynamicValue(
      ({ container }) =>
        new FindActiveToken(
          container.get<ServiceAccessTokenVerifier>(TYPES.AccessTokenVerifier),
          container.get<ActiveUsers>(TYPES.ActiveUsers),
          container.get<RefreshTokenFamilies>(TYPES.RefreshTokenFamilies),
          container.get<GrantOwners>(TYPES.GrantOwners),
        ),
    );
    bind(TYPES.GrantOwners).toDynamicValue(
      ({ container }) => new GrantOwners(container.get<ActiveUsers>(TYPES.ActiveUsers), container.get<RevocationStore>(TYPES.RevocationStore)),
    );
  });
}

function accessTokenIssuer(container: interfaces.Container, ttlSeconds: number): AccessTokenIssuer {
  const issuer = container.get<ServiceIssuer>(TYPES.ServiceIssuer);
  return new AccessTokenIssuer(
    container.get<TokenSigner>(TYPES.TokenSigner),
    container.get<KeyRing>(TYPES.KeyRing),
    container.get<Clock>(TYPES.Clock),
    container.get<IdGenerator>(TYPES.IdGenerator),
    {
      // Read per token: the issuer is settled at start-up, possibly after this is built.
      get issuer() {
        return issuer.value;
      },
      ttlSeconds,
    },
  );
}

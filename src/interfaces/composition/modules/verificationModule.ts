import { ContainerModule } from 'inversify';
import { buildTokenVerifier, type Clock, type KeyHolderVerifier, type TokenVerifier, type VerificationKeySource } from '@auth-service/client';
import { GetCurrentUser } from '@auth-service/client/inversify';
import { KeyReloadingAccessTokenVerifier, type ServiceAccessTokenVerifier } from '../../../application/keys/KeyReloadingAccessTokenVerifier';
import type { CachedRevocationView } from '../../../application/revocation/CachedRevocationView';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import type { AuthServiceMetrics } from '../../http/metrics';
import { ObservedTokenVerifier } from '../../http/ObservedTokenVerifier';
import { TYPES } from '../types';

/**
 * How the auth service checks the tokens it is shown: the client library's
 * verifier over the service's own key ring (buildTokenVerifier, the very
 * checks a client service gets: jsonwebtoken, pinned algorithms, claim
 * checks, the verified-token cache), with the revocation check outside any
 * cache, so a revoked token is refused even when its signature check is
 * remembered. One verifier per instance, built in its binding: the protected
 * routes take its user check and count its rejections; userinfo, the
 * revocation endpoint's bearer and introspection take its check of user and
 * client tokens (its own verified-token cache: a resource server introspects
 * the same client token again and again), retried once after a key reload for
 * a kid another instance promoted.
 * test/integration/oauth/bearerRoutesRefuseRevoked.test.ts walks every route.
 */
export function verificationModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.KeyHolderVerifier)
      .toDynamicValue(({ container }): KeyHolderVerifier => {
        const issuer = container.get<ServiceIssuer>(TYPES.ServiceIssuer);
        return buildTokenVerifier(container.get<VerificationKeySource>(TYPES.VerificationKeySource), container.get<Clock>(TYPES.Clock), {
          // Asked per token: the issuer is settled at start-up, possibly after the verifier is built.
          issuer: () => issuer.value,
          clockToleranceSeconds: config.clockToleranceSeconds,
          maxTokenLifetimeSeconds: config.tokenTtlSeconds,
          verifiedTokenCacheSize: config.verifiedTokenCacheSize,
          revocations: container.get<CachedRevocationView>(TYPES.RevocationView),
        });
      })
      .inSingletonScope();
    bind(TYPES.TokenVerifier)
      .toDynamicValue(({ container }): TokenVerifier => {
        const verifier = container.get<KeyHolderVerifier>(TYPES.KeyHolderVerifier);
        return new ObservedTokenVerifier(verifier, (reason) => container.get<AuthServiceMetrics>(TYPES.AuthServiceMetrics).verificationFailed(reason));
      })
      .inSingletonScope();
    bind(TYPES.AccessTokenVerifier)
      .toDynamicValue(
        ({ container }): ServiceAccessTokenVerifier =>
          new KeyReloadingAccessTokenVerifier(
            container.get<KeyHolderVerifier>(TYPES.KeyHolderVerifier),
            container.get<Required<Pick<VerificationKeySource, 'refreshForUnknownKid'>>>(TYPES.VerificationKeySource),
          ),
      )
      .inSingletonScope();
    // The protected routes' check (the package's TokenInterceptor asks it), with the retry after a key reload.
    bind(TYPES.GetCurrentUser).toDynamicValue(
      ({ container }) => new GetCurrentUser(container.get<TokenVerifier>(TYPES.TokenVerifier), container.get<VerificationKeySource>(TYPES.VerificationKeySource)),
    );
  });
}

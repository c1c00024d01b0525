import { ContainerModule } from 'inversify';
import {
  buildTokenVerifier,
  JsonWebTokenVerifier,
  RevocationCheckingAccessTokenVerifier,
  RevocationCheckingVerifier,
  type AccessTokenVerifier,
  type Clock,
  type TokenVerifier,
  type VerificationKeySource,
} from '@auth-service/client';
import type { CachedRevocationView } from '../../../application/revocation/CachedRevocationView';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import type { AuthServiceMetrics } from '../../http/metrics';
import { ObservedTokenVerifier } from '../../http/ObservedTokenVerifier';
import { TYPES } from '../types';

/**
 * How the auth service checks the tokens it is shown, each chain built whole
 * in its binding: the package's verifier (the very classes a client service
 * gets: jsonwebtoken, claim checks, the verified-token cache) under the
 * package's revocation check, outside any cache, so a revoked token is refused
 * even when its signature check is remembered. The protected routes' verifier
 * also counts its rejections; userinfo and the revocation endpoint's bearer
 * take client tokens too and, not being a hot path, are uncached.
 * test/integration/oauth/bearerRoutesRefuseRevoked.test.ts walks every route.
 */
export function verificationModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.TokenVerifier)
      .toDynamicValue(({ container }): TokenVerifier => {
        const issuer = container.get<ServiceIssuer>(TYPES.ServiceIssuer);
        const verifier = buildTokenVerifier(container.get<VerificationKeySource>(TYPES.VerificationKeySource), container.get<Clock>(TYPES.Clock), {
          // Asked per token: the issuer is settled at start-up, possibly after the verifier is built.
          issuer: () => issuer.value,
          clockToleranceSeconds: config.clockToleranceSeconds,
          maxTokenLifetimeSeconds: config.tokenTtlSeconds,
          verifiedTokenCacheSize: config.verifiedTokenCacheSize,
        });
        const revocationChecked = new RevocationCheckingVerifier(verifier, container.get<CachedRevocationView>(TYPES.RevocationView));
        return new ObservedTokenVerifier(revocationChecked, (reason) => container.get<AuthServiceMetrics>(TYPES.AuthServiceMetrics).verificationFailed(reason));
      })
      .inSingletonScope();
    bind(TYPES.AccessTokenVerifier)
      .toDynamicValue(({ container }): AccessTokenVerifier => {
        const verifier = new JsonWebTokenVerifier(container.get<VerificationKeySource>(TYPES.VerificationKeySource), container.get<Clock>(TYPES.Clock), {
          get issuer() {
            return container.get<ServiceIssuer>(TYPES.ServiceIssuer).value;
          },
          clockToleranceSeconds: config.clockToleranceSeconds,
          maxTokenLifetimeSeconds: config.tokenTtlSeconds,
        });
        return new RevocationCheckingAccessTokenVerifier(verifier, container.get<CachedRevocationView>(TYPES.RevocationView));
      })
      .inSingletonScope();
  });
}

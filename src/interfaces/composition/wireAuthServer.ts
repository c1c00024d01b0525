import 'reflect-metadata';
import { dpopModule } from './modules/dpopModule';
import { Container } from 'inversify';
import type { Clock } from '@auth-service/client';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { ServiceIssuer } from '../../domain/model/ServiceIssuer';
import type { KeyPairGenerator } from '../../domain/ports/KeyPairGenerator';
import type { AuthServerConfig } from '../../infrastructure/config/AuthServerConfig';
import type { ClientCredentialsGrant } from '../../application/oauth/ClientCredentialsGrant';
import type { ExchangeAuthorizationCode } from '../../application/oauth/ExchangeAuthorizationCode';
import type { PasswordGrant } from '../../application/oauth/PasswordGrant';
import type { RefreshAccessToken } from '../../application/oauth/RefreshAccessToken';
import type { RedeemDeviceCode } from '../../application/device/RedeemDeviceCode';
import { tokenGrants } from '../http/grants/tokenGrants';
import { authServiceMetrics, createMetricsRegistry } from '../http/metrics';
import type { Registry } from '../http/promClientCore';
import { revocationCounter } from '../http/revocationMetrics';
import { discoveryDocument } from './discoveryDocument';
import { AUDIT_DROP_REASONS } from '../../infrastructure/audit/DropReport';
import { auditDropCounter } from '../http/auditMetrics';
import { clientAssertionModule } from './modules/clientAssertionModule';
import { httpModule } from './modules/httpModule';
import { limitsModule } from './modules/limitsModule';
import { pushedRequestModule } from './modules/pushedRequestModule';
import { deviceModule } from './modules/deviceModule';
import { storeModules } from './modules/storeModules';
import { verificationModule } from './modules/verificationModule';
import { TYPES } from './types';

export interface WireOptions {
  /** Called after every module is loaded and before anything is resolved: rebind adapters here. */
  readonly configure?: (container: Container) => void;
  /** A generator made before the service was loaded (`npm start`'s: a new store's first key is already under way). */
  readonly keyPairGenerator?: KeyPairGenerator;
}

/**
 * Everything the auth service is made of, in one visible place (fosite's
 * compose.go): every module loaded, then the caller's rebinds, and nothing
 * resolved yet; startAuthServer opens the store and listens.
 */
export function wireAuthServer(config: Readonly<AuthServerConfig>, options: WireOptions = {}): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  const metricsRegistry = createMetricsRegistry();
  container.load(
    ...storeModules(config, revocationCounter(metricsRegistry), auditDropCounter(metricsRegistry, AUDIT_DROP_REASONS)),
    clientAssertionModule(),
    pushedRequestModule(),
    deviceModule(config.signInSessionSeconds),
    limitsModule(config),
    httpModule(config.passList),
    verificationModule(config),
    dpopModule(config),
  );
  container.bind<Registry>(TYPES.MetricsRegistry).toConstantValue(metricsRegistry);
  container.bind(TYPES.AuthServiceMetrics).toDynamicValue(({ container }) => {
    const ring = container.get<KeyRing>(TYPES.KeyRing);
    const clock = container.get<Clock>(TYPES.Clock);
    return authServiceMetrics(metricsRegistry, { signingKey: () => (ring.hasActiveKey() ? ring.activeKey() : null), now: () => clock.now() });
  });
  // The token endpoint's grants by grant_type, one handler each (the client is authenticated once, before them).
  container.bind(TYPES.TokenGrants).toDynamicValue(({ container }) =>
    tokenGrants({
      clientCredentials: container.get<ClientCredentialsGrant>(TYPES.ClientCredentialsGrant),
      password: container.get<PasswordGrant>(TYPES.PasswordGrant),
      refreshToken: container.get<RefreshAccessToken>(TYPES.RefreshAccessToken),
      authorizationCode: container.get<ExchangeAuthorizationCode>(TYPES.ExchangeAuthorizationCode),
      deviceCode: container.get<RedeemDeviceCode>(TYPES.RedeemDeviceCode),
    }),
  );
  // Built on first use, once the issuer is settled at start-up.
  container.bind(TYPES.DiscoveryDocument).toDynamicValue(({ container }) => discoveryDocument(container.get<ServiceIssuer>(TYPES.ServiceIssuer).value, config));
  if (options.keyPairGenerator) container.rebind(TYPES.KeyPairGenerator).toConstantValue(options.keyPairGenerator);
  options.configure?.(container);
  return container;
}

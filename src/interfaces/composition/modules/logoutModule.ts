import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock, Logger } from '@auth-service/client';
import { BackchannelLogout } from '../../../application/logout/BackchannelLogout';
import { DeliverBackchannelLogouts, type DeliveryPolicy } from '../../../application/logout/DeliverBackchannelLogouts';
import { EndSession } from '../../../application/oauth/EndSession';
import { LogoutTokenIssuer } from '../../../application/tokens/LogoutTokenIssuer';
import type { KeyRing } from '../../../domain/model/KeyRing';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { BackchannelDeliveryStore } from '../../../domain/ports/BackchannelDeliveryStore';
import type { ConsentStore } from '../../../domain/ports/ConsentStore';
import type { IdGenerator } from '../../../domain/ports/IdGenerator';
import type { IdTokenHints } from '../../../domain/ports/IdTokenHints';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { RefreshTokenStore } from '../../../domain/ports/RefreshTokenStore';
import type { SignInSessionStore } from '../../../domain/ports/SignInSessionStore';
import type { TokenSigner } from '../../../domain/ports/TokenSigner';
import { NodeCryptoIdTokenHints } from '../../../infrastructure/crypto/NodeCryptoIdTokenHints';
import { FetchLogoutTokenSender } from '../../../infrastructure/http/FetchLogoutTokenSender';
import { TypeOrmBackchannelDeliveryStore } from '../../../infrastructure/persistence/TypeOrmBackchannelDeliveryStore';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import type { AuditTrail } from '../../../domain/ports/AuditTrail';
import { TYPES } from '../types';

/**
 * Back-Channel Logout's deliveries: a few at a time, a lease well past the 5 s send timeout, the first retry
 * after 10 s and the last attempt (the sixth) about 2.5 hours after the first.
 */
export const BACKCHANNEL_DELIVERY_POLICY: DeliveryPolicy = { batch: 20, leaseSeconds: 60, retryDelaysSeconds: [10, 60, 300, 1800, 7200] };
const SEND_TIMEOUT_MS = 5000;

/**
 * RP-Initiated Logout (the id_token_hint reader over the service's key ring and issuer, the
 * end_session_endpoint's use case) and Back-Channel Logout (the queue in the shared store,
 * what fills it, and the worker round each instance runs).
 */
export function logoutModule(): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.IdTokenHints)
      .toDynamicValue(({ container }) => new NodeCryptoIdTokenHints(container.get<KeyRing>(TYPES.KeyRing), container.get<ServiceIssuer>(TYPES.ServiceIssuer)))
      .inSingletonScope();
    bind(TYPES.BackchannelDeliveryStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmBackchannelDeliveryStore(container.get<DataSource>(TYPES.DataSource))))
      .inSingletonScope();
    bind(TYPES.BackchannelLogout).toDynamicValue(
      ({ container }) =>
        new BackchannelLogout(
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<ConsentStore>(TYPES.ConsentStore),
          container.get<RefreshTokenStore>(TYPES.RefreshTokenStore),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          container.get<BackchannelDeliveryStore>(TYPES.BackchannelDeliveryStore),
          container.get<IdGenerator>(TYPES.IdGenerator),
          container.get<Clock>(TYPES.Clock),
        ),
    );
    bind(TYPES.DeliverBackchannelLogouts)
      .toDynamicValue(({ container }) => {
        const issuer = container.get<ServiceIssuer>(TYPES.ServiceIssuer);
        const logger = container.get<Logger>(TYPES.Logger);
        const tokens = new LogoutTokenIssuer(container.get<TokenSigner>(TYPES.TokenSigner), container.get<KeyRing>(TYPES.KeyRing), container.get<Clock>(TYPES.Clock), container.get<IdGenerator>(TYPES.IdGenerator), {
          get issuer() {
            return issuer.value;
          },
        });
        return new DeliverBackchannelLogouts(
          container.get<BackchannelDeliveryStore>(TYPES.BackchannelDeliveryStore),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          tokens,
          new FetchLogoutTokenSender(SEND_TIMEOUT_MS),
          container.get<Clock>(TYPES.Clock),
          BACKCHANNEL_DELIVERY_POLICY,
          // Client, attempt and outcome only: the token is a credential of the user's session.
          (outcome) => (outcome.outcome === 'delivered' ? logger.info({ ...outcome }, 'back-channel logout delivered') : logger.warn({ ...outcome }, 'back-channel logout not delivered')),
        );
      })
      .inSingletonScope();
    bind(TYPES.EndSession).toDynamicValue(
      ({ container }) =>
        new EndSession(
          container.get<IdTokenHints>(TYPES.IdTokenHints),
          container.get<OAuthClientStore>(TYPES.OAuthClientStore),
          container.get<SignInSessionStore>(TYPES.SignInSessionStore),
          container.get<Clock>(TYPES.Clock),
          container.get<BackchannelLogout>(TYPES.BackchannelLogout),
          container.get<AuditTrail>(TYPES.AuditTrail),
        ),
    );
  });
}

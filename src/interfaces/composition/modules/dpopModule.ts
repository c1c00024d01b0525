import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { Clock } from '@auth-service/client';
import { CheckDpopProof } from '../../../application/dpop/CheckDpopProof';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { HmacDpopNonces } from '../../../infrastructure/crypto/HmacDpopNonces';
import { NodeDpopProofCrypto } from '../../../infrastructure/crypto/NodeDpopProofCrypto';
import { TypeOrmDpopProofReplays } from '../../../infrastructure/persistence/TypeOrmDpopProofReplays';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TYPES } from '../types';

/** DPoP (RFC 9449): the proof check the token and userinfo endpoints share, its replay table and its nonces. */
export function dpopModule(config: Readonly<Pick<AuthServerConfig, 'dpopNonce'>>): ContainerModule {
  return new ContainerModule((bind) => {
    // Its key is the shared store's form key, handed over at start-up (startAuthServer).
    bind(TYPES.DpopNonces).toDynamicValue(({ container }) => new HmacDpopNonces(container.get<Clock>(TYPES.Clock)));
    bind(TYPES.CheckDpopProof).toDynamicValue(
      ({ container }) =>
        new CheckDpopProof(
          new NodeDpopProofCrypto(),
          translatingStoreErrors(new TypeOrmDpopProofReplays(container.get<DataSource>(TYPES.DataSource))),
          container.get<HmacDpopNonces>(TYPES.DpopNonces),
          container.get<Clock>(TYPES.Clock),
          config.dpopNonce,
        ),
    );
  });
}

import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { KeyRing } from '../../../domain/model/KeyRing';
import type { Clock } from '../../../domain/ports/Clock';
import type { VerificationKeySource } from '../../../domain/ports/VerificationKeySource';
import { StaticClientRegistry } from '../../../infrastructure/auth/StaticClientRegistry';
import { StubUserAuthenticator } from '../../../infrastructure/auth/StubUserAuthenticator';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import type { KeyCipher } from '../../../domain/ports/KeyCipher';
import { AesGcmKeyCipher, PlaintextKeyCipher } from '../../../infrastructure/crypto/AesGcmKeyCipher';
import { NodePublicJwkExporter } from '../../../infrastructure/crypto/NodePublicJwkExporter';
import { CachingTokenVerifier } from '../../../infrastructure/crypto/CachingTokenVerifier';
import { JsonWebTokenSigner } from '../../../infrastructure/crypto/JsonWebTokenSigner';
import { JsonWebTokenVerifier } from '../../../infrastructure/crypto/JsonWebTokenVerifier';
import { NodeCryptoTokenSigner } from '../../../infrastructure/crypto/NodeCryptoTokenSigner';
import { NodeKeyPairGenerator } from '../../../infrastructure/crypto/NodeKeyPairGenerator';
import { createLogger } from '../../../infrastructure/logging/createLogger';
import { createDataSource } from '../../../infrastructure/persistence/createDataSource';
import { TypeOrmKeyStore } from '../../../infrastructure/persistence/TypeOrmKeyStore';
import { RandomIdGenerator } from '../../../infrastructure/system/RandomIdGenerator';
import { SystemClock } from '../../../infrastructure/system/SystemClock';
import { TYPES } from '../types';

/** The auth service's adapters. Tests rebind any of them after loading this module. */
export function infrastructureModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.Config).toConstantValue(config);
    const logger = createLogger({ name: config.contextPath, level: config.logLevel });
    bind(TYPES.Logger).toConstantValue(logger);
    bind(TYPES.DataSource).toConstantValue(createDataSource(config.databaseUrl, logger));
    bind(TYPES.KeyCipher).toConstantValue(
      config.keyEncryptionKey ? new AesGcmKeyCipher(Buffer.from(config.keyEncryptionKey, 'base64')) : new PlaintextKeyCipher(),
    );
    bind(TypeOrmKeyStore)
      .toDynamicValue(({ container }) => new TypeOrmKeyStore(container.get<DataSource>(TYPES.DataSource), container.get<KeyCipher>(TYPES.KeyCipher)))
      .inSingletonScope();
    bind(TYPES.KeyStore).toDynamicValue(({ container }) => container.get(TypeOrmKeyStore));
    bind(TYPES.KeyLifecycleStore).toDynamicValue(({ container }) => container.get(TypeOrmKeyStore));
    bind(TYPES.PublicJwkExporter).toConstantValue(new NodePublicJwkExporter());
    bind(TYPES.KeyPairGenerator).toConstantValue(new NodeKeyPairGenerator(config.rsaBits));
    // node:crypto's async sign keeps the event loop free while RSA/ECDSA tokens are signed (see README, Performance).
    bind(TYPES.TokenSigner).toConstantValue(config.tokenSigner === 'jsonwebtoken' ? new JsonWebTokenSigner() : new NodeCryptoTokenSigner());
    bind(TYPES.KeyRing).toConstantValue(new KeyRing());
    bind(TYPES.VerificationKeySource).toDynamicValue(({ container }) => container.get<KeyRing>(TYPES.KeyRing));
    bind(TYPES.TokenVerifier)
      .toDynamicValue(({ container }) => {
        const keys = container.get<VerificationKeySource>(TYPES.VerificationKeySource);
        const clock = container.get<Clock>(TYPES.Clock);
        const verifier = new JsonWebTokenVerifier(keys, clock, { issuer: config.issuer, clockToleranceSeconds: config.clockToleranceSeconds });
        if (config.verifiedTokenCacheSize === 0) return verifier;
        return new CachingTokenVerifier(verifier, keys, clock, {
          maxEntries: config.verifiedTokenCacheSize,
          clockToleranceSeconds: config.clockToleranceSeconds,
        });
      })
      .inSingletonScope();
    bind(TYPES.UserAuthenticator).toConstantValue(new StubUserAuthenticator());
    bind(TYPES.ClientRegistry).toConstantValue(new StaticClientRegistry(config.clients));
    bind(TYPES.Clock).toConstantValue(new SystemClock());
    bind(TYPES.IdGenerator).toConstantValue(new RandomIdGenerator());
  });
}

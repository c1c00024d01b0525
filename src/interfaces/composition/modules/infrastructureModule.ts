import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { KeyRing } from '../../../domain/model/KeyRing';
import type { Clock } from '../../../domain/ports/Clock';
import type { PasswordHasher } from '../../../domain/ports/PasswordHasher';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import type { VerificationKeySource } from '../../../domain/ports/VerificationKeySource';
import { DatabaseUserAuthenticator } from '../../../infrastructure/auth/DatabaseUserAuthenticator';
import { ScryptPasswordHasher } from '../../../infrastructure/auth/ScryptPasswordHasher';
import { StaticClientRegistry } from '../../../infrastructure/auth/StaticClientRegistry';
import { StubUserAuthenticator } from '../../../infrastructure/auth/StubUserAuthenticator';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { JsonWebTokenSigner } from '../../../infrastructure/crypto/JsonWebTokenSigner';
import { JsonWebTokenVerifier } from '../../../infrastructure/crypto/JsonWebTokenVerifier';
import { NodeKeyPairGenerator } from '../../../infrastructure/crypto/NodeKeyPairGenerator';
import { createLogger } from '../../../infrastructure/logging/createLogger';
import { createDataSource } from '../../../infrastructure/persistence/createDataSource';
import { TypeOrmKeyStore } from '../../../infrastructure/persistence/TypeOrmKeyStore';
import { TypeOrmUserRepository } from '../../../infrastructure/persistence/TypeOrmUserRepository';
import { RandomIdGenerator } from '../../../infrastructure/system/RandomIdGenerator';
import { SystemClock } from '../../../infrastructure/system/SystemClock';
import { TYPES } from '../types';

/** The auth service's adapters. Tests rebind any of them after loading this module. */
export function infrastructureModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.Config).toConstantValue(config);
    // Created on first use, so a process that never logs (the users CLI) opens no output.
    bind(TYPES.Logger)
      .toDynamicValue(() => createLogger({ name: config.contextPath, level: config.logLevel }))
      .inSingletonScope();
    bind(TYPES.DataSource).toConstantValue(createDataSource(config.databaseUrl));
    bind(TYPES.KeyStore).toDynamicValue(({ container }) => new TypeOrmKeyStore(container.get<DataSource>(TYPES.DataSource)));
    bind(TYPES.KeyPairGenerator).toConstantValue(new NodeKeyPairGenerator(config.rsaBits));
    bind(TYPES.TokenSigner).toConstantValue(new JsonWebTokenSigner());
    bind(TYPES.KeyRing).toConstantValue(new KeyRing());
    bind(TYPES.VerificationKeySource).toDynamicValue(({ container }) => container.get<KeyRing>(TYPES.KeyRing));
    bind(TYPES.TokenVerifier).toDynamicValue(
      ({ container }) =>
        new JsonWebTokenVerifier(container.get<VerificationKeySource>(TYPES.VerificationKeySource), container.get<Clock>(TYPES.Clock), {
          issuer: config.issuer,
          clockToleranceSeconds: config.clockToleranceSeconds,
        }),
    );
    bind(TYPES.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
    bind(TYPES.UserRepository).toDynamicValue(({ container }) => new TypeOrmUserRepository(container.get<DataSource>(TYPES.DataSource)));
    if (config.userStore === 'database') {
      bind(TYPES.UserAuthenticator)
        .toDynamicValue(
          ({ container }) =>
            new DatabaseUserAuthenticator(
              container.get<UserRepository>(TYPES.UserRepository),
              container.get<PasswordHasher>(TYPES.PasswordHasher),
              container.get<Clock>(TYPES.Clock),
            ),
        )
        .inSingletonScope();
    } else {
      bind(TYPES.UserAuthenticator).toConstantValue(new StubUserAuthenticator());
    }
    bind(TYPES.ClientRegistry).toConstantValue(new StaticClientRegistry(config.clients));
    bind(TYPES.Clock).toConstantValue(new SystemClock());
    bind(TYPES.IdGenerator).toConstantValue(new RandomIdGenerator());
  });
}

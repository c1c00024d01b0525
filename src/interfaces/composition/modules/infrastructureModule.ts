import { droppingOnWrites } from '../../../infrastructure/persistence/cache/droppingOnWrites';
import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import { StoreReloadingKeySource } from '../../../application/keys/StoreReloadingKeySource';
import type { SyncSigningKeys } from '../../../application/keys/SyncSigningKeys';
import { KeyRing } from '../../../domain/model/KeyRing';
import { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import type { Clock } from '@auth-service/client';
import type { PasswordHasher } from '../../../domain/ports/PasswordHasher';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import { BoundedPasswordHasher } from '../../../infrastructure/auth/BoundedPasswordHasher';
import { DatabaseUserAuthenticator } from '../../../infrastructure/auth/DatabaseUserAuthenticator';
import { DEFAULT_SCRYPT_PARAMETERS, ScryptPasswordHasher } from '../../../infrastructure/auth/ScryptPasswordHasher';
import { StaticClientRegistry } from '../../../infrastructure/auth/StaticClientRegistry';
import { CombinedClientRegistry } from '../../../infrastructure/auth/CombinedClientRegistry';
import { TypeOrmOAuthClientStore } from '../../../infrastructure/persistence/TypeOrmOAuthClientStore';
import type { CachedClientSecrets } from '../../../infrastructure/persistence/cache/CachedClientSecrets';
import type { CachedUserReads } from '../../../infrastructure/persistence/cache/CachedUserReads';
import { StubUserAuthenticator } from '../../../infrastructure/auth/StubUserAuthenticator';
import { ModuleActiveUsers } from '../../../infrastructure/auth/userStoreModule/ModuleActiveUsers';
import { ModuleUserAuthenticator } from '../../../infrastructure/auth/userStoreModule/ModuleUserAuthenticator';
import { UserStoreModuleSource } from '../../../infrastructure/auth/userStoreModule/UserStoreModuleSource';
import { StubActiveUsers } from '../../../infrastructure/auth/StubActiveUsers';
import { DatabaseActiveUsers } from '../../../infrastructure/auth/DatabaseActiveUsers';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import type { KeyCipher } from '../../../domain/ports/KeyCipher';
import { AesGcmKeyCipher, PlaintextKeyCipher } from '../../../infrastructure/crypto/AesGcmKeyCipher';
import { NodePublicJwkExporter } from '../../../infrastructure/crypto/NodePublicJwkExporter';
import type { JsonWebTokenSigner } from '../../../infrastructure/crypto/JsonWebTokenSigner';
import { NodeCryptoTokenSigner } from '../../../infrastructure/crypto/NodeCryptoTokenSigner';
import { createLogger, type Logger } from '../../../infrastructure/logging/createLogger';
import { createDataSource } from '../../../infrastructure/persistence/createDataSource';
import { TypeOrmIssuerStore } from '../../../infrastructure/persistence/TypeOrmIssuerStore';
import { TypeOrmSecondFactorStore } from '../../../infrastructure/persistence/TypeOrmSecondFactorStore';
import { TypeOrmKeyStore } from '../../../infrastructure/persistence/TypeOrmKeyStore';
import { TypeOrmUserRepository } from '../../../infrastructure/persistence/TypeOrmUserRepository';
import { RandomIdGenerator } from '../../../infrastructure/system/RandomIdGenerator';
import { SystemClock } from '../../../infrastructure/system/SystemClock';
import { keyPairGeneratorFor } from '../keyPairGenerator';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TYPES } from '../types';

/** The auth service's adapters. Tests rebind any of them after loading this module. */
export function infrastructureModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    bind(TYPES.Config).toConstantValue(config);
    // Created on first use, so a process that never logs (the users CLI) opens no output.
    bind(TYPES.Logger)
      .toDynamicValue(() => createLogger({ name: config.contextPath, level: config.logLevel }))
      .inSingletonScope();
    bind(TYPES.DataSource)
      .toDynamicValue(({ container }) => createDataSource(config.databaseUrl, container.get<Logger>(TYPES.Logger)))
      .inSingletonScope();
    bind(TYPES.KeyCipher).toConstantValue(
      config.keyEncryptionKey ? new AesGcmKeyCipher(Buffer.from(config.keyEncryptionKey, 'base64')) : new PlaintextKeyCipher(),
    );
    bind(TypeOrmKeyStore)
      .toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmKeyStore(container.get<DataSource>(TYPES.DataSource), container.get<KeyCipher>(TYPES.KeyCipher))))
      .inSingletonScope();
    bind(TYPES.KeyStore).toDynamicValue(({ container }) => container.get(TypeOrmKeyStore));
    // `keys encrypt`: every plaintext private key and TOTP secret (the same cipher) rewritten under AUTH_KEY_ENCRYPTION_KEY; nothing to do without one.
    bind(TYPES.StoredKeyEncryption).toDynamicValue(({ container }) => ({
      encrypt: config.keyEncryptionKey
        ? async () => ({
            keys: await container.get(TypeOrmKeyStore).reencryptAll(new PlaintextKeyCipher()),
            totpSecrets: await container.get(TypeOrmSecondFactorStore).reencryptTotpSecrets(new PlaintextKeyCipher()),
          })
        : null,
    }));
    bind(TYPES.KeyLifecycleStore).toDynamicValue(({ container }) => container.get(TypeOrmKeyStore));
    bind(TYPES.IssuerStore).toDynamicValue(({ container }) => translatingStoreErrors(new TypeOrmIssuerStore(container.get<DataSource>(TYPES.DataSource))));
    bind(TYPES.ServiceIssuer).toConstantValue(new ServiceIssuer());
    bind(TYPES.PublicJwkExporter).toConstantValue(new NodePublicJwkExporter());
    // A new SQLite file holds no key yet: its first key is generated while the file is migrated (buildAuthServer
    // asks for the generator before opening the database; `npm start` makes it earlier still, before loading the
    // service). Made on first use, so a rebound generator starts nothing here.
    bind(TYPES.KeyPairGenerator).toDynamicValue(() => keyPairGeneratorFor(config));
    // node:crypto's async sign keeps the event loop free while RSA/ECDSA tokens are signed (see README, Performance).
    bind(TYPES.TokenSigner).toConstantValue(config.tokenSigner === 'jsonwebtoken' ? jsonWebTokenSigner() : new NodeCryptoTokenSigner());
    bind(TYPES.KeyRing).toConstantValue(new KeyRing());
    // The ring, reloaded from the shared store when a token names a kid another instance brought in since the last sync.
    bind(TYPES.VerificationKeySource)
      .toDynamicValue(
        ({ container }) =>
          new StoreReloadingKeySource(
            container.get<KeyRing>(TYPES.KeyRing),
            () => container.get<SyncSigningKeys>(TYPES.SyncSigningKeys).reload(),
            container.get<Clock>(TYPES.Clock),
          ),
      )
      .inSingletonScope();
    const passwordWork = new BoundedPasswordHasher(new ScryptPasswordHasher({ ...DEFAULT_SCRYPT_PARAMETERS, N: 2 ** config.passwordHashCost }), {
      concurrency: config.hashConcurrency,
      queue: config.hashQueue,
    });
    bind(TYPES.PasswordHasher).toConstantValue(passwordWork);
    // This process reads its own writes at once: they empty its cache of users (other processes hear from the store).
    bind(TYPES.UserRepository).toDynamicValue(({ container }) =>
      droppingOnWrites(translatingStoreErrors(new TypeOrmUserRepository(container.get<DataSource>(TYPES.DataSource))), ['add', 'setStatus', 'setPasswordHash', 'remove'], [container.get(TYPES.UserCache)]),
    );
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
      // Asked on every code exchange, refresh and userinfo: answered from the cache the store keeps fresh.
      bind(TYPES.ActiveUsers).toDynamicValue(({ container }) => new DatabaseActiveUsers(container.get<CachedUserReads>(TYPES.CachedUserReads)));
    } else if (config.userStore === 'module' && config.userStoreModule !== null) {
      // The team's own store; loaded and checked by buildAuthServer before anything opens (see ModuleUserAuthenticator).
      const source = new UserStoreModuleSource(config.userStoreModule);
      bind(TYPES.UserAuthenticator)
        .toDynamicValue(({ container }) => new ModuleUserAuthenticator(source, passwordWork, container.get<Logger>(TYPES.Logger)))
        .inSingletonScope();
      bind(TYPES.ActiveUsers).toDynamicValue(({ container }) => new ModuleActiveUsers(source, container.get<Logger>(TYPES.Logger)));
    } else {
      bind(TYPES.UserAuthenticator).toConstantValue(new StubUserAuthenticator());
      bind(TYPES.ActiveUsers).toConstantValue(new StubActiveUsers());
    }
    // The resource services of AUTH_CLIENTS alone: the key endpoints and the revocation feed serve them and
    // nobody else, so registering an OAuth app never changes who may read keys (under hmac, the signing secret).
    bind(TYPES.ResourceServices).toConstantValue(new StaticClientRegistry(config.clients));
    // AUTH_CLIENTS and the confidential clients of `npm run clients`, on the shared store: who may authenticate at the OAuth endpoints.
    bind(TYPES.ClientRegistry)
      .toDynamicValue(
        ({ container }) =>
          new CombinedClientRegistry(new StaticClientRegistry(config.clients), container.get<CachedClientSecrets>(TYPES.CachedClientSecrets)),
      )
      .inSingletonScope();
    bind(TypeOrmOAuthClientStore)
      .toDynamicValue(({ container }) =>
        droppingOnWrites(translatingStoreErrors(new TypeOrmOAuthClientStore(container.get<DataSource>(TYPES.DataSource))), ['add', 'update', 'remove', 'replaceSecret'], [container.get(TYPES.ClientCache)]),
      )
      .inSingletonScope();
    bind(TYPES.OAuthClientStore).toDynamicValue(({ container }) => container.get(TypeOrmOAuthClientStore));
    bind(TYPES.Clock).toConstantValue(new SystemClock());
    bind(TYPES.IdGenerator).toConstantValue(new RandomIdGenerator());
  });
}

/** jsonwebtoken (with semver and its lodash helpers, ~70 modules) is loaded only when AUTH_TOKEN_SIGNER asks for it. */
function jsonWebTokenSigner(): JsonWebTokenSigner {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { JsonWebTokenSigner } = require('../../../infrastructure/crypto/JsonWebTokenSigner') as typeof import('../../../infrastructure/crypto/JsonWebTokenSigner');
  return new JsonWebTokenSigner();
}

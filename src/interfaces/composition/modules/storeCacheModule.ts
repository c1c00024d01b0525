import { ContainerModule } from 'inversify';
import type { DataSource } from 'typeorm';
import type { SecondFactor } from '../../../domain/model/SecondFactor';
import type { UserAccount } from '../../../domain/model/UserAccount';
import type { SecondFactorStore } from '../../../domain/ports/SecondFactorStore';
import type { UserRepository } from '../../../domain/ports/UserRepository';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import type { Logger } from '../../../infrastructure/logging/createLogger';
import { BoundedProcessCache } from '../../../infrastructure/persistence/cache/BoundedProcessCache';
import { CachedClientSecrets } from '../../../infrastructure/persistence/cache/CachedClientSecrets';
import { CachedSecondFactors } from '../../../infrastructure/persistence/cache/CachedSecondFactors';
import { CachedUserReads } from '../../../infrastructure/persistence/cache/CachedUserReads';
import { PgNotifyChangeFeed } from '../../../infrastructure/persistence/cache/PgNotifyChangeFeed';
import { PolledChangeFeed } from '../../../infrastructure/persistence/cache/PolledChangeFeed';
import type { StoreChangeFeed } from '../../../infrastructure/persistence/cache/StoreChange';
import { StoreChangeInvalidation } from '../../../infrastructure/persistence/cache/StoreChangeInvalidation';
import type { ClientRecord } from '../../../infrastructure/persistence/clientSecretMatch';
import { sqliteDatabaseOf } from '../../../infrastructure/persistence/databaseUrl';
import { TypeOrmOAuthClientStore } from '../../../infrastructure/persistence/TypeOrmOAuthClientStore';
import { TYPES } from '../types';

/** Entries each cache holds at most (a client or user entry is a few hundred bytes). */
const ENTRIES = 10_000;
/** How often an SQLite process reads the change table: well within the one second a change may take to reach it. */
const POLL_MS = 200;
/** How long a lost PostgreSQL LISTEN connection waits before connecting again (the caches are bypassed meanwhile). */
const RETRY_MS = 500;

/**
 * Reads of the token path and the sign-in kept in this process's memory (a
 * client's registration and secret digest, a user's account, a user's second
 * factors), each a cache over its store adapter, dropped entry by entry as
 * the store announces changes. Until the service starts the feed (and
 * whenever it is lost) every read goes to the store: the commands never start it.
 */
export function storeCacheModule(config: Readonly<AuthServerConfig>): ContainerModule {
  return new ContainerModule((bind) => {
    const invalidation = new StoreChangeInvalidation();
    bind(TYPES.StoreChangeInvalidation).toConstantValue(invalidation);
    bind(TYPES.StoreChangeFeed)
      .toDynamicValue(({ container }): StoreChangeFeed => {
        const logger = container.get<Logger>(TYPES.Logger);
        const onLost = (error: unknown) =>
          logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'store change feed lost: reading the store on every request until it is back');
        if (sqliteDatabaseOf(config.databaseUrl) === null) return new PgNotifyChangeFeed(config.databaseUrl, invalidation, { retryMs: RETRY_MS, onLost });
        const dataSource = container.get<DataSource>(TYPES.DataSource);
        return new PolledChangeFeed((sql, parameters) => dataSource.query(sql, parameters), invalidation, { intervalMs: POLL_MS, onLost });
      })
      .inSingletonScope();
    // One cache of each kind, watched from the start; the store adapters' bindings empty theirs on their own writes.
    bind(TYPES.ClientCache).toConstantValue(watched<ClientRecord | null>(invalidation, ['client']));
    bind(TYPES.UserCache).toConstantValue(watched<UserAccount | null>(invalidation, ['user', 'account']));
    bind(TYPES.SecondFactorCache).toConstantValue(watched<readonly SecondFactor[]>(invalidation, ['factors']));
    bind(TYPES.CachedClientSecrets)
      .toDynamicValue(({ container }) => new CachedClientSecrets(container.get(TypeOrmOAuthClientStore), container.get(TYPES.ClientCache)))
      .inSingletonScope();
    bind(TYPES.CachedUserReads)
      .toDynamicValue(({ container }) => new CachedUserReads(container.get<UserRepository>(TYPES.UserRepository), container.get(TYPES.UserCache)))
      .inSingletonScope();
    bind(TYPES.CachedSecondFactors)
      .toDynamicValue(({ container }) => new CachedSecondFactors(container.get<SecondFactorStore>(TYPES.SecondFactorStore), container.get(TYPES.SecondFactorCache)))
      .inSingletonScope();
  });
}

function watched<V>(invalidation: StoreChangeInvalidation, topics: Parameters<StoreChangeInvalidation['watch']>[1]): BoundedProcessCache<V> {
  const cache = new BoundedProcessCache<V>(ENTRIES);
  invalidation.watch(cache as BoundedProcessCache<unknown>, topics);
  return cache;
}

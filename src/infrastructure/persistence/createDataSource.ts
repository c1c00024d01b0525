import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pino from 'pino';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Logger } from '../logging/createLogger';
import { DatabaseUnavailableError } from './DatabaseUnavailableError';
import { migrations } from './migrations';
import { PinoTypeOrmLogger } from './PinoTypeOrmLogger';
import { ServiceSettingEntity } from './ServiceSettingEntity';
import { SigningKeyEntity } from './SigningKeyEntity';
import { RevocationEntity } from './RevocationEntity';
import { UserEntity } from './UserEntity';
import { AuthorizationCodeEntity } from './AuthorizationCodeEntity';
import { OAuthClientEntity } from './OAuthClientEntity';
import { PushedRequestEntity } from './PushedRequestEntity';
import { DeviceAuthorizationEntity } from './DeviceAuthorizationEntity';
import { UsedAssertionEntity } from './UsedAssertionEntity';
import { SignInSessionEntity } from './SignInSessionEntity';
import { SignInSessionClientEntity } from './SignInSessionClientEntity';
import { BackchannelDeliveryEntity } from './BackchannelDeliveryEntity';
import { RefreshTokenEntity } from './RefreshTokenEntity';
import { RefreshTokenFamilyEntity } from './RefreshTokenFamilyEntity';
import { ConsentEntity } from './ConsentEntity';
import { InteractionEntity } from './InteractionEntity';
import { DpopProofEntity } from './DpopProofEntity';
import { AuditEventEntity } from './AuditEventEntity';
import { SecondFactorEntity } from './SecondFactorEntity';
import { RecoveryCodeEntity } from './RecoveryCodeEntity';
import { PasskeyCredentialEntity } from './PasskeyCredentialEntity';
import { CeremonyChallengeEntity } from './CeremonyChallengeEntity';
import { sqliteDriver } from './sqliteDriver';
import { sqliteDatabaseOf } from './databaseUrl';

export const ENTITIES = [SigningKeyEntity, UserEntity, ServiceSettingEntity, RevocationEntity, RefreshTokenFamilyEntity, RefreshTokenEntity, OAuthClientEntity, AuthorizationCodeEntity, SignInSessionEntity, ConsentEntity, InteractionEntity, SignInSessionClientEntity, BackchannelDeliveryEntity, AuditEventEntity, UsedAssertionEntity, PushedRequestEntity, DpopProofEntity, SecondFactorEntity, RecoveryCodeEntity, PasskeyCredentialEntity, CeremonyChallengeEntity, DeviceAuthorizationEntity];

/**
 * DataSource options from AUTH_DATABASE_URL: `sqlite:<file>`, `sqlite::memory:`
 * or `postgres://…`. Schema comes from migrations only, never `synchronize`.
 */
export function dataSourceOptions(databaseUrl: string, logger?: Logger): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations,
    synchronize: false,
    logging: false,
    logger: new PinoTypeOrmLogger(logger ?? pino({ level: 'silent' })),
  } as const;
  const database = sqliteDatabaseOf(databaseUrl);
  if (database !== null) {
    return {
      ...common,
      type: 'sqlite',
      database,
      driver: sqliteDriver,
      // Several processes may open one file; wait for a lock instead of failing.
      busyTimeout: 10_000,
      enableWAL: database !== ':memory:',
    };
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return {
      ...common,
      type: 'postgres',
      url: databaseUrl,
      // A partition that drops packets (rather than refusing) must end in a 503 within seconds, not hang a
      // request for the kernel's TCP timeout: bounded connect and query waits, keep-alive to notice dead peers.
      extra: { max: 10, connectionTimeoutMillis: 5_000, query_timeout: 15_000, keepAlive: true },
    };
  }
  throw new RangeError('unsupported database URL');
}

/** `logger` receives TypeORM's migration and warning messages; without one they are dropped. */
export function createDataSource(databaseUrl: string, logger?: Logger): DataSource {
  const options = dataSourceOptions(databaseUrl, logger);
  if (options.type === 'sqlite' && options.database !== ':memory:') mkdirSync(dirname(options.database), { recursive: true });
  return new DataSource(options);
}

export interface OpenDatabaseOptions {
  /** How long to keep retrying the connection and the migrations; 0 tries once. */
  readonly connectSeconds?: number;
  /** Told about each failed attempt before waiting `delayMs` for the next (for a log line). */
  readonly onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** Any constant works, as long as every instance uses the same one. */
const MIGRATION_LOCK_KEY = 7_311_605_246;
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 2_000;

/**
 * Connects and migrates, retrying with backoff until `connectSeconds` have
 * passed: the database may start after us (containers, failover), and
 * instances starting together on one empty database may collide creating the
 * schema, in which case the loser retries once the winner committed.
 */
export async function openDatabase(dataSource: DataSource, options: OpenDatabaseOptions = {}): Promise<DataSource> {
  const connectSeconds = options.connectSeconds ?? 30;
  const deadline = Date.now() + connectSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      if (!dataSource.isInitialized) await dataSource.initialize();
      await migrate(dataSource);
      return dataSource;
    } catch (error) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new DatabaseUnavailableError(
          `could not open the ${dataSource.options.type} database within ${connectSeconds} s: ${describe(error)}`,
          { cause: error },
        );
      }
      // Exponential backoff with jitter, so instances that collided do not collide again.
      const backoff = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (attempt - 1));
      const delay = Math.min(remaining, Math.round(backoff * (0.5 + Math.random() / 2)));
      options.onRetry?.(error, attempt, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * On PostgreSQL, a session advisory lock serializes the instances' migration
 * runs (TypeORM creates its migrations table without one). SQLite serializes
 * writers itself; a collision there fails one transaction, which is retried.
 * The pending migrations run in one transaction: all or none of them, and on
 * SQLite one commit (one wait for the disk) rather than one per migration,
 * 20 ms of a cold start on an empty file.
 */
async function migrate(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'all' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: 'all' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}

/** A driver error as one line; connection failures to several addresses come as an AggregateError without a message. */
function describe(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(describe).join('; ');
  return error instanceof Error ? error.message : String(error);
}

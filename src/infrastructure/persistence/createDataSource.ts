import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';
import { SigningKeyEntity } from './SigningKeyEntity';
import { UserEntity } from './UserEntity';

export const ENTITIES = [SigningKeyEntity, UserEntity];

/**
 * DataSource options from AUTH_DATABASE_URL: `sqlite:<file>`, `sqlite::memory:`
 * or `postgres://…`. Schema comes from migrations only, never `synchronize`.
 */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  const common = { entities: ENTITIES, migrations, synchronize: false, logging: false } as const;
  if (databaseUrl.startsWith('sqlite:')) {
    const database = databaseUrl.slice('sqlite:'.length);
    return {
      ...common,
      type: 'sqlite',
      database,
      // Several processes may open one file; wait for a lock instead of failing.
      busyTimeout: 10_000,
      enableWAL: database !== ':memory:',
    };
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    return { ...common, type: 'postgres', url: databaseUrl, extra: { max: 10, connectionTimeoutMillis: 5_000 } };
  }
  throw new RangeError('unsupported database URL');
}

export function createDataSource(databaseUrl: string): DataSource {
  const options = dataSourceOptions(databaseUrl);
  if (options.type === 'sqlite' && options.database !== ':memory:') mkdirSync(dirname(options.database), { recursive: true });
  return new DataSource(options);
}

/**
 * Initializes and migrates. Instances starting together on one empty database
 * may collide creating the schema; the loser retries once the winner committed.
 */
export async function openDatabase(dataSource: DataSource, attempts = 5): Promise<DataSource> {
  if (!dataSource.isInitialized) await dataSource.initialize();
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      return dataSource;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

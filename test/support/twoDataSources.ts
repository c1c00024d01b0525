import type { DataSource } from 'typeorm';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import type { SharedDatabase, StoreBackend } from './storeBackends';

/**
 * Two DataSources (two instances) on one fresh database of `backend`, opened in a `before` hook of the
 * calling `describe` and closed in its `after`: the set-up of every store contract that races instances.
 */
export function twoDataSourcesOn(backend: StoreBackend): () => DataSource[] {
  let database: SharedDatabase | undefined;
  const sources: DataSource[] = [];
  before(async () => {
    database = await backend.create();
    for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
  });
  after(async () => {
    for (const source of sources.splice(0)) if (source.isInitialized) await source.destroy();
    await database?.dispose();
  });
  return () => sources;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresDatabase } from './postgresDatabase';

/** One empty database that several DataSources (or processes) can open by URL. */
export interface SharedDatabase {
  readonly url: string;
  dispose(): Promise<void>;
}

export interface StoreBackend {
  readonly name: string;
  create(): Promise<SharedDatabase>;
}

/** The two stores the service supports; every store test runs on both. */
export const STORE_BACKENDS: readonly StoreBackend[] = [
  {
    name: 'SQLite',
    async create() {
      // A file, not :memory:, so separate connections and processes share it.
      const dir = mkdtempSync(join(tmpdir(), 'auth-store-'));
      return { url: `sqlite:${join(dir, 'auth.sqlite')}`, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    async create() {
      const database = await PostgresDatabase.create();
      return { url: database.url, dispose: () => database.drop() };
    },
  },
];

import { existsSync } from 'node:fs';

/** The SQLite database an AUTH_DATABASE_URL names (a file path, or `:memory:`); null for any other store. */
export function sqliteDatabaseOf(databaseUrl: string): string | null {
  return databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : null;
}

/** True for a SQLite file that does not exist yet (not `sqlite::memory:`, whose tests often bring their own keys). */
export function isNewSqliteFile(databaseUrl: string): boolean {
  const file = sqliteDatabaseOf(databaseUrl);
  return file !== null && file !== ':memory:' && !existsSync(file);
}

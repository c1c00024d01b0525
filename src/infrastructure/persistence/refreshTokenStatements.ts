import type { DataSource } from 'typeorm';
import { plainSelect } from './plainSelect';
import { RefreshTokenEntity } from './RefreshTokenEntity';
import { RefreshTokenFamilyEntity } from './RefreshTokenFamilyEntity';

/**
 * The refresh grant's statements, written once in the store's dialect and run
 * with `query`: per request, building them through TypeORM's query builders
 * cost more CPU than running them.
 */
export interface RefreshTokenStatements {
  /** The family of the token whose digest is the parameter, its columns named as the entity's properties (one statement for both rows). */
  readonly familyOfToken: string;
  /** The rotation's compare-and-swap: (new digest, now, family id, presented digest); changes one row or none. */
  readonly swapCurrent: string;
  /**
   * SQLite only: the compare-and-swap of `count` families at once, each (family id, presented digest, new
   * digest, now), answering a row with the family id of each family swapped. The families must differ.
   */
  swapEachOnSqlite(count: number): string;
  /** `count` tokens' rows, each (digest, family id, access jti, access expiry, created at). */
  insertTokens(count: number): string;
  /**
   * PostgreSQL only: the refresh's `count` statement (answering key, points and previous of each key
   * counted), then, when `within` holds for `keys` of its rows, the compare-and-swap and the new token's row,
   * in one statement and so one transaction. Its parameters follow the count's, from `offset` on: (new digest,
   * now, family id, presented digest, access jti, access expiry). Answers one row: `swapped` (0 or 1) and
   * `counts`, the count's rows as JSON.
   */
  countedSwapOnPostgres(count: string, within: string, keys: number, offset: number): string;
}

export function refreshTokenStatements(dataSource: DataSource): RefreshTokenStatements {
  const { driver } = dataSource;
  const tokens = dataSource.getMetadata(RefreshTokenEntity);
  const families = dataSource.getMetadata(RefreshTokenFamilyEntity);
  const token = (property: keyof RefreshTokenEntity & string) => driver.escape(tokens.findColumnWithPropertyName(property)!.databaseName);
  const family = (property: keyof RefreshTokenFamilyEntity & string) => driver.escape(families.findColumnWithPropertyName(property)!.databaseName);
  const parameter = (index: number) => driver.createParameter(`p${index}`, index);
  return {
    familyOfToken: plainSelect(
      dataSource,
      RefreshTokenFamilyEntity,
      (sql) => `WHERE ${sql.column('familyId')} = (SELECT ${token('familyId')} FROM ${driver.escape(tokens.tableName)} WHERE ${token('tokenHash')} = ${sql.parameter(0)})`,
    ),
    swapCurrent:
      `UPDATE ${driver.escape(families.tableName)} SET ${family('currentHash')} = ${parameter(0)}, ${family('lastUsedAt')} = ${parameter(1)} ` +
      `WHERE ${family('familyId')} = ${parameter(2)} AND ${family('currentHash')} = ${parameter(3)} AND ${family('revokedAt')} IS NULL`,
    swapEachOnSqlite: (count) => {
      const table = driver.escape(families.tableName);
      // Written as a WITH statement, which TypeORM reads to the end (a statement starting with UPDATE is only run): RETURNING answers rows.
      return (
        `WITH swaps (family_id, from_hash, to_hash, used_at) AS (VALUES ${rowsOf(count, 4, parameter)}) ` +
        `UPDATE ${table} SET ${family('currentHash')} = swaps.to_hash, ${family('lastUsedAt')} = swaps.used_at FROM swaps ` +
        `WHERE ${table}.${family('familyId')} = swaps.family_id AND ${table}.${family('currentHash')} = swaps.from_hash AND ${table}.${family('revokedAt')} IS NULL ` +
        `RETURNING ${family('familyId')} AS family_id`
      );
    },
    countedSwapOnPostgres: (count, within, keys, offset) => {
      const at = (index: number) => parameter(offset + index);
      return (
        `WITH counted AS (${count}), ` +
        `swapped AS (UPDATE ${driver.escape(families.tableName)} SET ${family('currentHash')} = ${at(0)}, ${family('lastUsedAt')} = ${at(1)} ` +
        `WHERE ${family('familyId')} = ${at(2)} AND ${family('currentHash')} = ${at(3)} AND ${family('revokedAt')} IS NULL ` +
        `AND (SELECT count(*) FROM counted WHERE ${within}) = ${keys} RETURNING ${family('familyId')} AS family_id), ` +
        `inserted AS (INSERT INTO ${driver.escape(tokens.tableName)} (${token('tokenHash')}, ${token('familyId')}, ${token('accessJti')}, ${token('accessExpiresAt')}, ${token('createdAt')}) ` +
        `SELECT ${at(0)}, swapped.family_id, ${at(4)}, CAST(${at(5)} AS BIGINT), CAST(${at(1)} AS BIGINT) FROM swapped) ` +
        `SELECT (SELECT count(*) FROM swapped) AS swapped, (SELECT json_agg(counted) FROM counted) AS counts`
      );
    },
    insertTokens: (count) =>
      `INSERT INTO ${driver.escape(tokens.tableName)} (${token('tokenHash')}, ${token('familyId')}, ${token('accessJti')}, ${token('accessExpiresAt')}, ${token('createdAt')}) ` +
      `VALUES ${rowsOf(count, 5, parameter)}`,
  };
}

/** `(p0, p1, …), (…)`: `count` rows of `width` parameters, numbered on from 0. */
function rowsOf(count: number, width: number, parameter: (index: number) => string): string {
  const rows: string[] = [];
  for (let row = 0; row < count; row++) rows.push(`(${Array.from({ length: width }, (_, column) => parameter(row * width + column)).join(', ')})`);
  return rows.join(', ');
}

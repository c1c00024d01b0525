import type { DataSource, EntityManager } from 'typeorm';
import type { IssuedAccessToken, RefreshesOverLimit } from '../../domain/ports/RefreshTokenStore';
import type { CountsBeforeWrite, PlannedWriteCount } from '../limits/CountsBeforeWrite';
import { countedRows, countStatement, Statement, type CountedRow } from '../limits/SqlAttemptCounterTable';
import type { RefreshTokenStatements } from './refreshTokenStatements';
import { isTransientConflict } from './retryingTransaction';

/**
 * A rotation with its refresh count as one durable write (TypeOrmRefreshTokenStore.rotate): on PostgreSQL one
 * statement; on SQLite the statements of a group commit's transaction, for all the rotations it holds.
 */

export interface Rotation {
  readonly familyId: string;
  readonly fromHash: string;
  readonly toHash: string;
  readonly access: IssuedAccessToken;
  readonly now: number;
  readonly count: PlannedWriteCount;
}

/** As RefreshTokenStore.rotate answers. */
export type Rotated = boolean | RefreshesOverLimit;

/** What a rotation answers from its swap and its count's rows: over the limit when the count says so, else whether it swapped. */
function outcome(counts: CountsBeforeWrite, count: PlannedWriteCount, swapped: boolean, rows: readonly CountedRow[]): Rotated {
  if (swapped) return true;
  const retryAfterSeconds = count.keys.length === 0 ? null : counts.verdict(count, rows);
  return retryAfterSeconds === null ? false : { retryAfterSeconds };
}

/**
 * The rotations of a group commit on SQLite: their counts (one statement for as many as countChunks allows), then the
 * swaps of those within the limit in one statement, the winners' token rows in one more. A family named twice
 * (a token presented twice at once, or a replay) is swapped in rounds, in arrival order, so each rotation sees
 * the ones before it: only the first of two rotations of one token swaps.
 */
export async function swapAllOnSqlite(manager: EntityManager, sql: RefreshTokenStatements, counts: CountsBeforeWrite, rotations: readonly Rotation[]): Promise<Rotated[]> {
  const answers: Rotated[] = rotations.map(() => false);
  let pending: { rotation: Rotation; index: number }[] = [];
  for (const chunk of countChunks(rotations)) {
    const [first] = chunk;
    const statement = new Statement((n) => `?${n}`);
    const counting = countStatement(first.rotation.count.plan, statement, chunk.map(({ rotation }) => rotation.count.plan.otherwise));
    const rows = countedRows((await manager.query(counting, statement.params)) as Record<string, unknown>[]);
    for (const { rotation, index } of chunk) {
      const retryAfterSeconds = counts.verdict(rotation.count, rows);
      if (retryAfterSeconds === null) pending.push({ rotation, index });
      else answers[index] = { retryAfterSeconds };
    }
  }
  for (const [index, rotation] of rotations.entries()) if (rotation.count.keys.length === 0) pending.push({ rotation, index });
  pending.sort((a, b) => a.index - b.index);
  while (pending.length > 0) {
    const named = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const entry of pending) {
      (named.has(entry.rotation.familyId) ? later : round).push(entry);
      named.add(entry.rotation.familyId);
    }
    const swaps = round.flatMap(({ rotation }) => [rotation.familyId, rotation.fromHash, rotation.toHash, String(rotation.now)]);
    const rows = (await manager.query(sql.swapEachOnSqlite(round.length), swaps)) as { family_id: string }[];
    const won = new Set(rows.map((row) => row.family_id));
    const winners = round.filter(({ rotation }) => won.has(rotation.familyId));
    if (winners.length > 0) await manager.query(sql.insertTokens(winners.length), winners.flatMap(({ rotation }) => tokenRowOf(rotation)));
    for (const { index } of winners) answers[index] = true;
    pending = later;
  }
  return answers;
}

/**
 * The counts of a group commit in as few statements as can hold them: rotations in arrival order, one chunk
 * while they share the instant (so the window) and name no key twice (a key counted twice in one statement
 * would be counted once); a rotation that counts nothing is in none.
 */
function countChunks(rotations: readonly Rotation[]): { rotation: Rotation; index: number }[][] {
  const chunks: { rotation: Rotation; index: number }[][] = [];
  let chunk: { rotation: Rotation; index: number }[] = [];
  let named = new Set<string>();
  for (const [index, rotation] of rotations.entries()) {
    const { plan } = rotation.count;
    if (plan.otherwise.length === 0) continue;
    const fits = chunk.length === 0 || (chunk[0].rotation.count.plan.now === plan.now && plan.otherwise.every((key) => !named.has(key)));
    if (!fits) {
      chunks.push(chunk);
      chunk = [];
      named = new Set();
    }
    chunk.push({ rotation, index });
    for (const key of plan.otherwise) named.add(key);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function tokenRowOf(rotation: Rotation): string[] {
  return tokenRow(rotation.toHash, rotation.familyId, rotation.access, rotation.now);
}

/** A token's row as insertTokens takes it: the digest, its family, the access token issued with it, when. */
export function tokenRow(hash: string, familyId: string, access: IssuedAccessToken, createdAt: number): string[] {
  return [hash, familyId, access.jti, String(access.expiresAt), String(createdAt)];
}

/** The count, the compare-and-swap and the new token's row in one statement (autocommitted: one round trip). */
export async function rotateOnPostgres(dataSource: DataSource, statements: RefreshTokenStatements, counts: CountsBeforeWrite, rotation: Rotation): Promise<Rotated> {
  const sql = new Statement((n) => `$${n}`);
  const { count } = rotation;
  const counting = count.keys.length === 0 ? 'SELECT CAST(NULL AS TEXT) AS key, 0 AS points, 0 AS previous WHERE FALSE' : countStatement(count.plan, sql);
  const within = `points + previous * ${sql.real(count.position.previousWeight)} <= ${sql.bigint(count.plan.maxAttempts)}`;
  const statement = statements.countedSwapOnPostgres(counting, within, count.keys.length, sql.params.length);
  const { access } = rotation;
  const params = [...sql.params, rotation.toHash, String(rotation.now), rotation.familyId, rotation.fromHash, access.jti, String(access.expiresAt)];
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = (await dataSource.query(statement, params)) as { swapped: string | number; counts: Record<string, unknown>[] | null }[];
      return outcome(counts, count, Number(row.swapped) === 1, countedRows(row.counts ?? []));
    } catch (error) {
      if (attempt >= 3 || !isTransientConflict(error)) throw error;
    }
  }
}

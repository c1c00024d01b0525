import { In, IsNull, LessThan, MoreThanOrEqual, Not, type DataSource, type EntityManager } from 'typeorm';
import type { RevocationEntries } from '@auth-service/client';
import type { Clock } from '@auth-service/client';
import type { RevocationChanges, RevocationStore, RevokedTokenOwner } from '../../domain/ports/RevocationStore';
import { foldedThrough } from '../../domain/model/RevokedTokenCap';
import { plainSelect } from './plainSelect';
import { RevocationEntity } from './RevocationEntity';
import { retryingTransaction } from './retryingTransaction';

/** RevocationStore on TypeORM (SQLite or PostgreSQL), table token_revocations. Writes are stamped with the clock's time. */
export class TypeOrmRevocationStore implements RevocationStore {
  private changedSinceSql: string | undefined;
  private entrySql: string | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async revokeSubject(subject: string, notBefore: number, keepUntil: number): Promise<void> {
    await this.raise(this.dataSource.manager, 'subject', subject, notBefore, keepUntil);
  }

  async revokeClient(clientId: string, notBefore: number, keepUntil: number): Promise<void> {
    await this.raise(this.dataSource.manager, 'client', clientId, notBefore, keepUntil);
  }

  /** A plain statement: asked on every code exchange and refresh, where a repository's query building cost as much as the read. */
  async subjectNotBefore(subject: string): Promise<number | null> {
    return this.notBeforeOf('subject', subject);
  }

  async clientNotBefore(clientId: string): Promise<number | null> {
    return this.notBeforeOf('client', clientId);
  }

  private async notBeforeOf(kind: 'subject' | 'client', ref: string): Promise<number | null> {
    this.entrySql ??= plainSelect(this.dataSource, RevocationEntity, (sql) => `WHERE ${sql.column('kind')} = ${sql.parameter(0)} AND ${sql.column('ref')} = ${sql.parameter(1)}`);
    const [row] = ((await this.dataSource.query(this.entrySql, [kind, ref])) as RevocationEntity[] | undefined) ?? [];
    return row === undefined ? null : Number(row.at);
  }

  /** One statement (INSERT … ON CONFLICT DO UPDATE), so two instances revoking at once cannot collide. */
  async revokeToken(jti: string, expiresAt: number, keepUntil: number, owner?: RevokedTokenOwner): Promise<void> {
    await this.dataSource.getRepository(RevocationEntity).upsert(
      {
        kind: 'token',
        ref: jti,
        at: String(expiresAt),
        keepUntil: String(keepUntil),
        changedAt: String(this.clock.now().getTime()),
        subject: owner?.subject ?? null,
        issuedAt: owner === undefined ? null : String(owner.issuedAt),
      },
      { conflictPaths: ['kind', 'ref'] },
    );
  }

  async current(now: number): Promise<RevocationEntries> {
    return entriesOf(await this.dataSource.getRepository(RevocationEntity).find({ where: { keepUntil: MoreThanOrEqual(String(now)) }, order: { at: 'ASC', ref: 'ASC' } }));
  }

  /** Every client service's poll of the feed and every instance's once-a-second re-read run it. */
  async changedSince(sinceMs: number, now: number): Promise<RevocationChanges> {
    this.changedSinceSql ??= plainSelect(
      this.dataSource,
      RevocationEntity,
      (sql) =>
        `WHERE ${sql.column('changedAt')} >= ${sql.parameter(0)} AND ${sql.column('keepUntil')} >= ${sql.parameter(1)} ` +
        `ORDER BY ${sql.column('changedAt')} ASC, ${sql.column('ref')} ASC`,
    );
    const rows = (await this.dataSource.query(this.changedSinceSql, [Math.max(0, Math.floor(sinceMs)), now])) as RevocationEntity[];
    const latest = rows.reduce<number | null>((newest, row) => Math.max(newest ?? 0, Number(row.changedAt)), null);
    return { entries: entriesOf(rows), latestChangeMs: latest };
  }

  async capSubject(subject: string, cap: number, maxTokenLifetimeSeconds: number): Promise<number> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const repository = manager.getRepository(RevocationEntity);
      const count = await repository.count({ where: { kind: 'token', subject } });
      if (count <= cap) return 0;
      const rows = await repository.find({ where: { kind: 'token', subject, issuedAt: Not(IsNull()) }, order: { issuedAt: 'DESC', ref: 'ASC' } });
      // A hard bound: the whole second of the newest token beyond the cap folds, its peers within the cap too.
      const through = foldedThrough(rows.map((row) => Number(row.issuedAt)), cap);
      if (through === null) return 0;
      const folded = rows.filter((row) => Number(row.issuedAt) <= through);
      const notBefore = through + 1;
      await this.raise(manager, 'subject', subject, notBefore, notBefore + maxTokenLifetimeSeconds);
      for (let start = 0; start < folded.length; start += 500) {
        await repository.delete({ kind: 'token', ref: In(folded.slice(start, start + 500).map((row) => row.ref)) });
      }
      return folded.length;
    });
  }

  async purge(now: number): Promise<number> {
    const result = await this.dataSource.getRepository(RevocationEntity).delete({ keepUntil: LessThan(String(now)) });
    return result.affected ?? 0;
  }

  /** Upsert that never lowers a subject's or client's not-before or keep-until (a fold may compute an older one than a disable wrote). */
  private async raise(manager: EntityManager, kind: 'subject' | 'client', ref: string, notBefore: number, keepUntil: number): Promise<void> {
    const p = this.dataSource.options.type === 'postgres' ? (n: number) => `$${n}` : () => '?';
    await manager.query(
      `INSERT INTO token_revocations (kind, ref, at, keep_until, changed_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)})
       ON CONFLICT (kind, ref) DO UPDATE SET
         at = CASE WHEN excluded.at > token_revocations.at THEN excluded.at ELSE token_revocations.at END,
         keep_until = CASE WHEN excluded.keep_until > token_revocations.keep_until THEN excluded.keep_until ELSE token_revocations.keep_until END,
         changed_at = excluded.changed_at`,
      [kind, ref, notBefore, keepUntil, this.clock.now().getTime()],
    );
  }
}

function entriesOf(rows: readonly RevocationEntity[]): RevocationEntries {
  return {
    subjects: rows.filter((row) => row.kind === 'subject').map((row) => ({ subject: row.ref, notBefore: Number(row.at) })),
    tokens: rows.filter((row) => row.kind === 'token').map((row) => ({ jti: row.ref, expiresAt: Number(row.at) })),
    clients: rows.filter((row) => row.kind === 'client').map((row) => ({ clientId: row.ref, notBefore: Number(row.at) })),
  };
}

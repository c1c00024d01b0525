import { authenticationColumns, authenticationOfColumns } from './authenticationColumns';
import { createHash } from 'node:crypto';
import { grantedAccessOf, grantedAccessText } from './grantedAccessColumn';
import { In, LessThan, type DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { IssuedAccessToken, RefreshTokenFamily, RefreshTokenLookup, RefreshTokenStore } from '../../domain/ports/RefreshTokenStore';
import { RefreshTokenEntity } from './RefreshTokenEntity';
import { RefreshTokenFamilyEntity } from './RefreshTokenFamilyEntity';
import { retryingTransaction } from './retryingTransaction';
import { CountsBeforeWrite, type CountPolicy } from '../limits/CountsBeforeWrite';
import { rotateOnPostgres, swapAllOnSqlite, tokenRow, type Rotated, type Rotation } from './countedRotations';
import { GroupCommit } from './GroupCommit';
import { refreshTokenStatements, type RefreshTokenStatements } from './refreshTokenStatements';

/**
 * RefreshTokenStore on TypeORM (SQLite or PostgreSQL). Tokens are kept as
 * SHA-256 digests: they are 256 random bits, so a fast hash is enough and a
 * stolen table yields no usable token. A rotation is one transaction:
 * `UPDATE … SET current_hash = new WHERE current_hash = old AND revoked_at IS
 * NULL`, a compare-and-swap the database serialises on the family's row
 * (PostgreSQL re-checks the condition after the row lock, SQLite has one
 * writer), so two instances cannot both rotate one token; only the winner then
 * records the new token's row. A lost swap writes nothing, so it needs no
 * rollback (on SQLite's one connection a rollback would also undo whatever
 * another request wrote meanwhile). Writes go through retryingTransaction:
 * queued on SQLite's one connection, retried on a transient conflict. On
 * SQLite, rotations that arrive while one commits are committed together in
 * the next transaction (GroupCommit), a swap of each family in one statement:
 * under load a rotation otherwise waited its turn behind every other one, each
 * holding the one connection for four statements and a wait for the disk.
 * The refresh limit is counted in the rotation's own write (CountsBeforeWrite,
 * in the attempt counters' table): on SQLite as statements of the group's
 * transaction, on PostgreSQL in the swap's one statement, so a refresh costs
 * one durable write, not a counter write of its own besides.
 */
export class TypeOrmRefreshTokenStore implements RefreshTokenStore {
  /** Rotations that arrive while one transaction commits share the next one (one wait for the disk for all). */
  private readonly sqliteRotations = new GroupCommit<Rotation, Rotated>((rotations) =>
    retryingTransaction(this.dataSource, (manager) => swapAllOnSqlite(manager, this.statements(), this.counts, rotations)),
  );

  private sql: RefreshTokenStatements | undefined;
  private readonly counts: CountsBeforeWrite;

  constructor(
    private readonly dataSource: DataSource,
    /** The refresh limit, counted in the counters' table under its name. */
    refreshLimit: CountPolicy,
  ) {
    this.counts = new CountsBeforeWrite(refreshLimit);
  }

  async startFamily(family: RefreshTokenFamily, token: string, access: IssuedAccessToken): Promise<void> {
    const hash = digest(token);
    await retryingTransaction(this.dataSource, async (manager) => {
      await manager.insert(RefreshTokenFamilyEntity, {
        familyId: family.familyId,
        subject: family.subject,
        clientId: family.clientId,
        userClaims: JSON.stringify(family.user),
        granted: grantedAccessText(family.granted),
        authTime: String(family.authTime),
        sid: family.sid ?? null,
        dpopJkt: family.dpopJkt ?? null,
        ...authenticationColumns(family.authentication),
        currentHash: hash,
        createdAt: String(family.createdAt),
        expiresAt: String(family.expiresAt),
        lastUsedAt: String(family.lastUsedAt),
        revokedAt: null,
      });
      await manager.query(this.statements().insertTokens(1), tokenRow(hash, family.familyId, access, family.createdAt));
    });
  }

  async find(token: string): Promise<RefreshTokenLookup | null> {
    const hash = digest(token);
    const [family] = ((await this.dataSource.query(this.statements().familyOfToken, [hash])) as RefreshTokenFamilyEntity[] | undefined) ?? [];
    if (family === undefined) return null;
    return { family: familyOf(family), current: family.currentHash === hash };
  }

  private statements(): RefreshTokenStatements {
    this.sql ??= refreshTokenStatements(this.dataSource);
    return this.sql;
  }

  async rotate(familyId: string, from: string, to: string, access: IssuedAccessToken, now: number, counted: readonly string[]): Promise<Rotated> {
    const count = this.counts.plan(counted, now * 1000);
    const rotation: Rotation = { familyId, fromHash: digest(from), toHash: digest(to), access, now, count };
    // PostgreSQL runs each on a connection of its pool, in one statement; SQLite's one connection runs writes one at a time, so there they go in groups.
    if (this.dataSource.options.type !== 'sqlite') return rotateOnPostgres(this.dataSource, this.statements(), this.counts, rotation);
    return this.sqliteRotations.submit(rotation);
  }

  async revokeFamily(familyId: string, now: number): Promise<IssuedAccessToken[]> {
    // In the rotation's queue and lock: once this commits, no rotation of the family can follow, so the tokens read here are all.
    const { family, tokens } = await retryingTransaction(this.dataSource, async (manager) => {
      await manager
        .createQueryBuilder()
        .update(RefreshTokenFamilyEntity)
        .set({ revokedAt: String(now) })
        .where('family_id = :familyId AND revoked_at IS NULL', { familyId })
        .execute();
      return { family: await manager.findOneBy(RefreshTokenFamilyEntity, { familyId }), tokens: await manager.findBy(RefreshTokenEntity, { familyId }) };
    });
    if (family === null) return [];
    return tokens
      // A row is written right after its access token is signed: its created_at is the token's iat or a second after.
      .map((row) => ({ jti: row.accessJti, expiresAt: Number(row.accessExpiresAt), subject: family.subject, issuedAt: Number(row.createdAt) }))
      .filter((access) => access.expiresAt >= now);
  }

  async grantsOfSubject(subject: string): Promise<readonly { clientId: string; sid: string | null }[]> {
    const rows = await this.dataSource
      .getRepository(RefreshTokenFamilyEntity)
      .createQueryBuilder('family')
      .select(['family.clientId', 'family.sid'])
      .where('family.subject = :subject AND family.revokedAt IS NULL AND family.clientId IS NOT NULL', { subject })
      .getMany();
    return rows.map((row) => ({ clientId: row.clientId!, sid: row.sid ?? null }));
  }

  async revokeSubject(subject: string, now: number): Promise<void> {
    await retryingTransaction(this.dataSource, (manager) =>
      manager
        .createQueryBuilder()
      .update(RefreshTokenFamilyEntity)
      .set({ revokedAt: String(now) })
        .where('subject = :subject AND revoked_at IS NULL', { subject })
        .execute(),
    );
  }

  /**
   * Families first, then their tokens, in batches: a rotation that committed before sees its new token deleted
   * with the rest; one that comes after finds no family and writes nothing.
   */
  async deleteOfClient(clientId: string): Promise<number> {
    const families = this.dataSource.getRepository(RefreshTokenFamilyEntity);
    let deleted = 0;
    for (;;) {
      const batch = await families.find({ select: { familyId: true }, where: { clientId }, take: 500 });
      if (batch.length === 0) return deleted;
      const ids = batch.map((row) => row.familyId);
      await retryingTransaction(this.dataSource, async (manager) => {
        await manager.delete(RefreshTokenFamilyEntity, { familyId: In(ids) });
        await manager.delete(RefreshTokenEntity, { familyId: In(ids) });
      });
      deleted += ids.length;
    }
  }

  async familyOfAccessToken(jti: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(RefreshTokenEntity).findOneBy({ accessJti: jti });
    return row?.familyId ?? null;
  }

  async purge(now: number): Promise<number> {
    const families = this.dataSource.getRepository(RefreshTokenFamilyEntity);
    const ended = await families.find({ select: { familyId: true }, where: { expiresAt: LessThan(String(now)) }, take: 500 });
    if (ended.length === 0) return 0;
    const ids = ended.map((row) => row.familyId);
    await retryingTransaction(this.dataSource, async (manager) => {
      await manager.delete(RefreshTokenEntity, { familyId: In(ids) });
      await manager.delete(RefreshTokenFamilyEntity, { familyId: In(ids) });
    });
    return ids.length;
  }
}

function familyOf(row: RefreshTokenFamilyEntity): RefreshTokenFamily {
  return {
    familyId: row.familyId,
    subject: row.subject,
    clientId: row.clientId,
    user: JSON.parse(row.userClaims) as AuthenticatedUser,
    granted: grantedAccessOf(row.granted),
    authTime: row.authTime === null ? 0 : Number(row.authTime),
    ...(row.sid === null || row.sid === undefined ? {} : { sid: row.sid }),
    ...(row.dpopJkt === null || row.dpopJkt === undefined ? {} : { dpopJkt: row.dpopJkt }),
    ...authenticationOfColumns(row.acr ?? null, row.amr ?? null),
    createdAt: Number(row.createdAt),
    expiresAt: Number(row.expiresAt),
    lastUsedAt: Number(row.lastUsedAt),
    revoked: row.revokedAt !== null,
  };
}

function digest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

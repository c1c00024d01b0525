import { LessThan, MoreThanOrEqual, type DataSource } from 'typeorm';
import type { RevocationEntries } from '@auth-service/client';
import type { RevocationStore } from '../../domain/ports/RevocationStore';
import { RevocationEntity } from './RevocationEntity';

/** RevocationStore on TypeORM (SQLite or PostgreSQL), table token_revocations. */
export class TypeOrmRevocationStore implements RevocationStore {
  constructor(private readonly dataSource: DataSource) {}

  async revokeSubject(subject: string, notBefore: number, keepUntil: number): Promise<void> {
    await this.upsert('subject', subject, notBefore, keepUntil);
  }

  async revokeToken(jti: string, expiresAt: number, keepUntil: number): Promise<void> {
    await this.upsert('token', jti, expiresAt, keepUntil);
  }

  async current(now: number): Promise<RevocationEntries> {
    const rows = await this.dataSource.getRepository(RevocationEntity).find({
      where: { keepUntil: MoreThanOrEqual(String(now)) },
      order: { at: 'ASC', ref: 'ASC' },
    });
    return {
      subjects: rows.filter((row) => row.kind === 'subject').map((row) => ({ subject: row.ref, notBefore: Number(row.at) })),
      tokens: rows.filter((row) => row.kind === 'token').map((row) => ({ jti: row.ref, expiresAt: Number(row.at) })),
    };
  }

  async purge(now: number): Promise<number> {
    const result = await this.dataSource.getRepository(RevocationEntity).delete({ keepUntil: LessThan(String(now)) });
    return result.affected ?? 0;
  }

  /** One statement (INSERT … ON CONFLICT DO UPDATE), so two instances revoking at once cannot collide. */
  private async upsert(kind: 'subject' | 'token', ref: string, at: number, keepUntil: number): Promise<void> {
    await this.dataSource
      .getRepository(RevocationEntity)
      .upsert({ kind, ref, at: String(at), keepUntil: String(keepUntil) }, { conflictPaths: ['kind', 'ref'] });
  }
}

import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { CeremonyChallengeStore } from '../../domain/ports/CeremonyChallengeStore';
import { CeremonyChallengeEntity } from './CeremonyChallengeEntity';

/**
 * WebAuthn challenges on TypeORM. Taking one is a read then a delete of that
 * very challenge: of instances answering the same binding, only the one whose
 * delete hit the row gets it.
 */
export class TypeOrmCeremonyChallengeStore implements CeremonyChallengeStore {
  constructor(private readonly dataSource: DataSource) {}

  async putChallenge(binding: string, challenge: string, expiresAt: Date): Promise<void> {
    await this.dataSource.getRepository(CeremonyChallengeEntity).upsert({ binding, challenge, expiresAt: String(expiresAt.getTime()) }, ['binding']);
  }

  async takeChallenge(binding: string, at: Date): Promise<string | null> {
    const rows = this.dataSource.getRepository(CeremonyChallengeEntity);
    const row = await rows.findOne({ where: { binding } });
    if (row === null) return null;
    const taken = await rows.delete({ binding, challenge: row.challenge });
    // Challenges never answered go too, whenever one is answered.
    await this.purgeChallenges(at);
    if ((taken.affected ?? 0) === 0 || Number(row.expiresAt) <= at.getTime()) return null;
    return row.challenge;
  }

  async purgeChallenges(at: Date): Promise<void> {
    await this.dataSource.getRepository(CeremonyChallengeEntity).delete({ expiresAt: LessThanOrEqual(String(at.getTime())) });
  }
}

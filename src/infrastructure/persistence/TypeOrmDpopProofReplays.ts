import { createHash } from 'node:crypto';
import { LessThan, type DataSource } from 'typeorm';
import type { DpopProofReplays } from '../../domain/ports/DpopProofReplays';
import { DpopProofEntity } from './DpopProofEntity';

/** How often an instance clears the proofs past their window (one indexed delete). */
const PURGE_EVERY_SECONDS = 30;

/**
 * DpopProofReplays in `dpop_proofs`, on SQLite or PostgreSQL: one INSERT … ON CONFLICT DO NOTHING per proof,
 * so of two instances shown the same proof at once exactly one writes the row and accepts it.
 */
export class TypeOrmDpopProofReplays implements DpopProofReplays {
  private purgedAt = 0;
  private sql: string | undefined;

  constructor(private readonly dataSource: DataSource) {}

  async firstUse(jkt: string, jti: string, keepUntil: number, now: number): Promise<boolean> {
    if (now >= this.purgedAt + PURGE_EVERY_SECONDS) {
      this.purgedAt = now;
      await this.dataSource.getRepository(DpopProofEntity).delete({ keepUntil: LessThan(String(now)) });
    }
    const id = createHash('sha256').update(`${jkt}.${jti}`).digest('base64url');
    const runner = this.dataSource.createQueryRunner();
    try {
      // The structured result counts the rows written on both drivers: 1 the first time, 0 for a replay.
      const result = await runner.query(this.insertSql(), [id, String(keepUntil)], true);
      return result.affected === 1;
    } finally {
      await runner.release();
    }
  }

  private insertSql(): string {
    if (this.sql === undefined) {
      const { driver } = this.dataSource;
      const metadata = this.dataSource.getMetadata(DpopProofEntity);
      const [first, second] = [0, 1].map((index) => driver.createParameter(`p${index}`, index));
      this.sql = `INSERT INTO ${driver.escape(metadata.tableName)} (id, keep_until) VALUES (${first}, ${second}) ON CONFLICT (id) DO NOTHING`;
    }
    return this.sql;
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incremental, bounded revocations: `changed_at` (epoch ms of the last write)
 * lets readers ask only for what changed; a revoked token's `subject` and
 * `issued_at` let the per-subject cap fold old entries into the subject's
 * not-before. Rows written before this migration count as changed at 0: a
 * full read still returns them. Plain SQL that SQLite and PostgreSQL accept.
 */
export class AddRevocationChanges1732440000000 implements MigrationInterface {
  name = 'AddRevocationChanges1732440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE token_revocations ADD COLUMN changed_at bigint NOT NULL DEFAULT 0');
    await queryRunner.query('ALTER TABLE token_revocations ADD COLUMN subject varchar(256) NULL');
    await queryRunner.query('ALTER TABLE token_revocations ADD COLUMN issued_at bigint NULL');
    await queryRunner.query('CREATE INDEX ix_token_revocations_changed_at ON token_revocations (changed_at)');
    await queryRunner.query('CREATE INDEX ix_token_revocations_subject ON token_revocations (subject)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_token_revocations_subject');
    await queryRunner.query('DROP INDEX ix_token_revocations_changed_at');
    await queryRunner.query('ALTER TABLE token_revocations DROP COLUMN issued_at');
    await queryRunner.query('ALTER TABLE token_revocations DROP COLUMN subject');
    await queryRunner.query('ALTER TABLE token_revocations DROP COLUMN changed_at');
  }
}

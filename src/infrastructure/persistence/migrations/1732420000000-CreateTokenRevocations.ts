import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Revocations every instance sees; plain SQL that SQLite and PostgreSQL both accept. */
export class CreateTokenRevocations1732420000000 implements MigrationInterface {
  name = 'CreateTokenRevocations1732420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE token_revocations (
      kind varchar(8) NOT NULL CHECK (kind IN ('subject', 'token')),
      ref varchar(256) NOT NULL,
      at bigint NOT NULL,
      keep_until bigint NOT NULL,
      PRIMARY KEY (kind, ref)
    )`);
    // Reads and purges select by keep_until; the table stays small because of it.
    await queryRunner.query('CREATE INDEX ix_token_revocations_keep_until ON token_revocations (keep_until)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_token_revocations_keep_until');
    await queryRunner.query('DROP TABLE token_revocations');
  }
}

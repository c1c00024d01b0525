import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * DPoP (RFC 9449): the proofs seen within their window (replays refused on every instance), the key a
 * public client's refresh-token family is bound to, and per client whether it must send proofs
 * (`clients add|update --require-dpop`). Plain SQL that SQLite and PostgreSQL both accept.
 */
export class AddDpop1732840000000 implements MigrationInterface {
  name = 'AddDpop1732840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE dpop_proofs (id varchar(64) NOT NULL PRIMARY KEY, keep_until bigint NOT NULL)');
    await queryRunner.query('CREATE INDEX ix_dpop_proofs_keep_until ON dpop_proofs (keep_until)');
    await queryRunner.query('ALTER TABLE refresh_token_families ADD COLUMN dpop_jkt varchar(64)');
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN require_dpop boolean NOT NULL DEFAULT false');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN require_dpop');
    await queryRunner.query('ALTER TABLE refresh_token_families DROP COLUMN dpop_jkt');
    await queryRunner.query('DROP INDEX ix_dpop_proofs_keep_until');
    await queryRunner.query('DROP TABLE dpop_proofs');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users' second factors, by user id (whatever store vouches for passwords):
 * one row per factor, a TOTP enrolment pending until confirmed (at most one
 * per user, a partial unique index), its secret encrypted like the signing
 * keys and the last accepted time step beside it; and recovery codes, kept
 * as digests, deleted as they are used. Plain SQL that SQLite and PostgreSQL both accept.
 */
export class CreateSecondFactors1732820000000 implements MigrationInterface {
  name = 'CreateSecondFactors1732820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE second_factors (
      id varchar(64) NOT NULL PRIMARY KEY,
      user_id varchar(256) NOT NULL,
      kind varchar(16) NOT NULL,
      label varchar(256) NOT NULL,
      confirmed boolean NOT NULL,
      secret text NULL,
      last_step bigint NULL,
      created_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_second_factors_user_id ON second_factors (user_id)');
    await queryRunner.query(`CREATE UNIQUE INDEX ux_second_factors_totp ON second_factors (user_id) WHERE kind = 'totp'`);
    await queryRunner.query(`CREATE TABLE recovery_codes (
      user_id varchar(256) NOT NULL,
      digest varchar(64) NOT NULL,
      created_at bigint NOT NULL,
      PRIMARY KEY (user_id, digest)
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE recovery_codes');
    await queryRunner.query('DROP INDEX ux_second_factors_totp');
    await queryRunner.query('DROP INDEX ix_second_factors_user_id');
    await queryRunner.query('DROP TABLE second_factors');
  }
}

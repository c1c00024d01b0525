import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key table; plain SQL that SQLite and PostgreSQL both accept. */
export class CreateSigningKeys1732240000000 implements MigrationInterface {
  name = 'CreateSigningKeys1732240000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE signing_keys (
      kid varchar(128) PRIMARY KEY NOT NULL,
      method varchar(16) NOT NULL,
      alg varchar(16) NOT NULL,
      state varchar(16) NOT NULL,
      private_key text NULL,
      public_key text NULL,
      created_at bigint NOT NULL
    )`);
    // The database, not the application, guarantees one active key per method:
    // racing instances cannot both insert one.
    await queryRunner.query(`CREATE UNIQUE INDEX ux_signing_keys_active_method ON signing_keys (method) WHERE state = 'active'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ux_signing_keys_active_method');
    await queryRunner.query('DROP TABLE signing_keys');
  }
}

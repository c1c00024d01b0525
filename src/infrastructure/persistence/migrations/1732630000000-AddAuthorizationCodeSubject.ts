import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Codes carry their user and sign-in time, so a lock-out deletes them and the exchange can refuse older ones. */
export class AddAuthorizationCodeSubject1732630000000 implements MigrationInterface {
  name = 'AddAuthorizationCodeSubject1732630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE authorization_codes ADD COLUMN subject varchar(256)');
    await queryRunner.query('ALTER TABLE authorization_codes ADD COLUMN issued_at bigint');
    await queryRunner.query('CREATE INDEX ix_authorization_codes_subject ON authorization_codes (subject)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_authorization_codes_subject');
    await queryRunner.query('ALTER TABLE authorization_codes DROP COLUMN issued_at');
    await queryRunner.query('ALTER TABLE authorization_codes DROP COLUMN subject');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Authorization codes and sign-in sessions; plain SQL that SQLite and PostgreSQL both accept. */
export class CreateAuthorizationCodes1732620000000 implements MigrationInterface {
  name = 'CreateAuthorizationCodes1732620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE authorization_codes (
      code_hash varchar(64) NOT NULL PRIMARY KEY,
      client_id varchar(256) NOT NULL,
      redirect_uri text NOT NULL,
      code_challenge varchar(128) NOT NULL,
      user_claims text NOT NULL,
      family_id varchar(64) NOT NULL,
      expires_at bigint NOT NULL,
      used_at bigint,
      replayed_at bigint
    )`);
    await queryRunner.query('CREATE INDEX ix_authorization_codes_expires_at ON authorization_codes (expires_at)');
    await queryRunner.query(`CREATE TABLE signin_sessions (
      session_hash varchar(64) NOT NULL PRIMARY KEY,
      subject varchar(256) NOT NULL,
      user_claims text NOT NULL,
      expires_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_signin_sessions_subject ON signin_sessions (subject)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_signin_sessions_subject');
    await queryRunner.query('DROP TABLE signin_sessions');
    await queryRunner.query('DROP INDEX ix_authorization_codes_expires_at');
    await queryRunner.query('DROP TABLE authorization_codes');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pages shown after the sign-in (consent), each answered once on any
 * instance: by the digest of the page's uid, with the digest of the sign-in
 * session it was shown for; purged by expiry. Plain SQL that SQLite and
 * PostgreSQL both accept.
 */
export class CreateInteractions1732730000000 implements MigrationInterface {
  name = 'CreateInteractions1732730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE interactions (
      uid_hash varchar(64) NOT NULL PRIMARY KEY,
      kind varchar(32) NOT NULL,
      session_hash varchar(64),
      subject varchar(256) NOT NULL,
      user_claims text NOT NULL,
      client_id varchar(256) NOT NULL,
      auth_time bigint NOT NULL,
      created_at bigint NOT NULL,
      expires_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_interactions_expires_at ON interactions (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_interactions_expires_at');
    await queryRunner.query('DROP TABLE interactions');
  }
}

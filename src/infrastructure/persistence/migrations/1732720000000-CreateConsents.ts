import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users' approvals of third-party clients (OpenID Connect consent): one row
 * per user, client and approved scope, plus one with the empty scope for the
 * consent itself; found by user (the primary key) and by client (`clients
 * remove`). Plain SQL that SQLite and PostgreSQL both accept.
 */
export class CreateConsents1732720000000 implements MigrationInterface {
  name = 'CreateConsents1732720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE oauth_consents (
      subject varchar(256) NOT NULL,
      client_id varchar(256) NOT NULL,
      scope varchar(256) NOT NULL,
      approved_at bigint NOT NULL,
      PRIMARY KEY (subject, client_id, scope)
    )`);
    await queryRunner.query('CREATE INDEX ix_oauth_consents_client_id ON oauth_consents (client_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_oauth_consents_client_id');
    await queryRunner.query('DROP TABLE oauth_consents');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * private_key_jwt and Pushed Authorization Requests: per client its public keys
 * (a JWKS, or the URI to fetch it) and whether it must push its requests; the
 * accepted assertions' `jti` until they expire; the pushed requests until used
 * or expired. Plain SQL that SQLite and PostgreSQL both accept.
 */
export class AddClientKeysAndPushedRequests1732850000000 implements MigrationInterface {
  name = 'AddClientKeysAndPushedRequests1732850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN jwks text');
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN jwks_uri text');
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN require_par boolean NOT NULL DEFAULT false');
    await queryRunner.query(`CREATE TABLE used_client_assertions (
      jti_hash varchar(64) NOT NULL PRIMARY KEY,
      expires_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_used_client_assertions_expires_at ON used_client_assertions (expires_at)');
    await queryRunner.query(`CREATE TABLE pushed_authorization_requests (
      uri_hash varchar(64) NOT NULL PRIMARY KEY,
      client_id varchar(256) NOT NULL,
      parameters text NOT NULL,
      expires_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_pushed_authorization_requests_expires_at ON pushed_authorization_requests (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_pushed_authorization_requests_expires_at');
    await queryRunner.query('DROP TABLE pushed_authorization_requests');
    await queryRunner.query('DROP INDEX ix_used_client_assertions_expires_at');
    await queryRunner.query('DROP TABLE used_client_assertions');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN require_par');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN jwks_uri');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN jwks');
  }
}

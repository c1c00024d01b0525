import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OpenID Connect Back-Channel Logout 1.0: per sign-in session its `sid`
 * (sessions from before have none), per code and refresh family the `sid`
 * their ID tokens carry,
 * per client where its logout tokens go, which clients each session issued
 * codes to, and the queue of logout tokens to deliver (claimed by any
 * instance through `due_at`). Plain SQL that SQLite and PostgreSQL both accept.
 */
export class AddBackchannelLogout1732760000000 implements MigrationInterface {
  name = 'AddBackchannelLogout1732760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE signin_sessions ADD COLUMN sid varchar(64)');
    await queryRunner.query('ALTER TABLE authorization_codes ADD COLUMN sid varchar(64)');
    await queryRunner.query('ALTER TABLE refresh_token_families ADD COLUMN sid varchar(64)');
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN backchannel_logout_uri text');
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN backchannel_logout_session_required boolean NOT NULL DEFAULT false');
    await queryRunner.query(`CREATE TABLE signin_session_clients (
      sid varchar(64) NOT NULL,
      client_id varchar(256) NOT NULL,
      subject varchar(256) NOT NULL,
      expires_at bigint NOT NULL,
      PRIMARY KEY (sid, client_id)
    )`);
    await queryRunner.query('CREATE INDEX ix_signin_session_clients_subject ON signin_session_clients (subject)');
    await queryRunner.query(`CREATE TABLE backchannel_deliveries (
      id varchar(64) NOT NULL PRIMARY KEY,
      client_id varchar(256) NOT NULL,
      subject varchar(256) NOT NULL,
      sid varchar(64),
      attempts integer NOT NULL,
      due_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_backchannel_deliveries_due_at ON backchannel_deliveries (due_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_backchannel_deliveries_due_at');
    await queryRunner.query('DROP TABLE backchannel_deliveries');
    await queryRunner.query('DROP INDEX ix_signin_session_clients_subject');
    await queryRunner.query('DROP TABLE signin_session_clients');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN backchannel_logout_session_required');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN backchannel_logout_uri');
    await queryRunner.query('ALTER TABLE refresh_token_families DROP COLUMN sid');
    await queryRunner.query('ALTER TABLE authorization_codes DROP COLUMN sid');
    await queryRunner.query('ALTER TABLE signin_sessions DROP COLUMN sid');
  }
}

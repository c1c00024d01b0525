import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The device authorization grant (RFC 8628): each request by the digest of its
 * device code, its user code unique among the live ones (expired rows are
 * purged before a new one is added), polling state, the user's decision and,
 * once approved, who approved it. Plain SQL that SQLite and PostgreSQL both accept.
 */
export class CreateDeviceAuthorizations1732860000000 implements MigrationInterface {
  name = 'CreateDeviceAuthorizations1732860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE device_authorizations (
      device_code_hash varchar(64) NOT NULL PRIMARY KEY,
      user_code varchar(16) NOT NULL,
      client_id varchar(256) NOT NULL,
      granted text NOT NULL,
      created_at bigint NOT NULL,
      expires_at bigint NOT NULL,
      poll_interval integer NOT NULL,
      last_polled_at bigint,
      decision varchar(16) NOT NULL,
      subject varchar(256),
      approval text
    )`);
    await queryRunner.query('CREATE UNIQUE INDEX ux_device_authorizations_user_code ON device_authorizations (user_code)');
    await queryRunner.query('CREATE INDEX ix_device_authorizations_expires_at ON device_authorizations (expires_at)');
    await queryRunner.query('CREATE INDEX ix_device_authorizations_client_id ON device_authorizations (client_id)');
    await queryRunner.query('CREATE INDEX ix_device_authorizations_subject ON device_authorizations (subject)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_device_authorizations_subject');
    await queryRunner.query('DROP INDEX ix_device_authorizations_client_id');
    await queryRunner.query('DROP INDEX ix_device_authorizations_expires_at');
    await queryRunner.query('DROP INDEX ux_device_authorizations_user_code');
    await queryRunner.query('DROP TABLE device_authorizations');
  }
}

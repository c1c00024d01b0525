import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The user store; plain SQL that SQLite and PostgreSQL both accept. */
export class CreateUsers1732300000000 implements MigrationInterface {
  name = 'CreateUsers1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE users (
      id varchar(64) PRIMARY KEY NOT NULL,
      account varchar(256) NOT NULL,
      password_hash varchar(512) NOT NULL,
      nick_name varchar(256) NOT NULL,
      user_type varchar(16) NOT NULL,
      tenant_id varchar(64) NULL,
      telephone varchar(32) NULL,
      avatar varchar(1024) NULL,
      email varchar(256) NULL,
      grade varchar(64) NULL,
      status varchar(16) NOT NULL CHECK (status IN ('active', 'disabled')),
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE UNIQUE INDEX ux_users_account ON users (account)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ux_users_account');
    await queryRunner.query('DROP TABLE users');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Registered OAuth clients; plain SQL that SQLite and PostgreSQL both accept. */
export class CreateOAuthClients1732610000000 implements MigrationInterface {
  name = 'CreateOAuthClients1732610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE oauth_clients (
      client_id varchar(256) NOT NULL PRIMARY KEY,
      kind varchar(16) NOT NULL CHECK (kind IN ('public', 'confidential')),
      secret_hash varchar(64),
      redirect_uris text NOT NULL,
      created_at bigint NOT NULL
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE oauth_clients');
  }
}

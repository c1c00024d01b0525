import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every confidential client could use every grant before this migration: the
 * authorization code flow with its redirect URIs, refresh, client_credentials
 * and password. It keeps all four, so nothing that works today stops; narrow it
 * with `clients update ID --grant …`. A public client could only use the code
 * flow and refresh (the password grant ignored its client_id, client_credentials
 * refused it): it keeps those two. No client had scopes or resources.
 */
const EXISTING_CONFIDENTIAL = JSON.stringify(['authorization_code', 'refresh_token', 'client_credentials', 'password']);
const EXISTING_PUBLIC = JSON.stringify(['authorization_code', 'refresh_token']);

/**
 * oauth_clients says what each client may do: grants, scopes, resources (JSON
 * arrays, as redirect_uris). Plain SQL that SQLite and PostgreSQL both accept;
 * a row written without grants may use none.
 */
export class AddClientGrants1732670000000 implements MigrationInterface {
  name = 'AddClientGrants1732670000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['grants', 'scopes', 'resources']) {
      await queryRunner.query(`ALTER TABLE oauth_clients ADD COLUMN ${column} text NOT NULL DEFAULT '[]'`);
    }
    await queryRunner.query(`UPDATE oauth_clients SET grants = '${EXISTING_CONFIDENTIAL}' WHERE kind = 'confidential'`);
    await queryRunner.query(`UPDATE oauth_clients SET grants = '${EXISTING_PUBLIC}' WHERE kind = 'public'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['resources', 'scopes', 'grants']) await queryRunner.query(`ALTER TABLE oauth_clients DROP COLUMN ${column}`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What OpenID Connect needs of the store: per client, whether it is the
 * service's own app (no consent page) and where RP-Initiated Logout may
 * return; per sign-in session, code and refresh family, when the user signed
 * in (`auth_time`, `max_age`); per code, the request's `nonce` for its ID
 * token. Rows from before: not first-party, no logout URIs, sign-in time
 * unknown (null: any `max_age` asks for a fresh sign-in), no nonce. Plain SQL
 * that SQLite and PostgreSQL both accept.
 */
export class AddOpenIdConnect1732690000000 implements MigrationInterface {
  name = 'AddOpenIdConnect1732690000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN first_party boolean NOT NULL DEFAULT false');
    await queryRunner.query("ALTER TABLE oauth_clients ADD COLUMN post_logout_redirect_uris text NOT NULL DEFAULT '[]'");
    await queryRunner.query('ALTER TABLE signin_sessions ADD COLUMN auth_time bigint');
    await queryRunner.query('ALTER TABLE authorization_codes ADD COLUMN auth_time bigint');
    await queryRunner.query('ALTER TABLE authorization_codes ADD COLUMN nonce text');
    await queryRunner.query('ALTER TABLE refresh_token_families ADD COLUMN auth_time bigint');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_token_families DROP COLUMN auth_time');
    await queryRunner.query('ALTER TABLE authorization_codes DROP COLUMN nonce');
    await queryRunner.query('ALTER TABLE authorization_codes DROP COLUMN auth_time');
    await queryRunner.query('ALTER TABLE signin_sessions DROP COLUMN auth_time');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN post_logout_redirect_uris');
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN first_party');
  }
}

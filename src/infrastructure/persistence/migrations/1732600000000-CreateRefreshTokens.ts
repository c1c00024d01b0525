import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Refresh-token families and their tokens' digests; plain SQL that SQLite and PostgreSQL both accept. */
export class CreateRefreshTokens1732600000000 implements MigrationInterface {
  name = 'CreateRefreshTokens1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE refresh_token_families (
      family_id varchar(64) NOT NULL PRIMARY KEY,
      subject varchar(256) NOT NULL,
      client_id varchar(256),
      user_claims text NOT NULL,
      current_hash varchar(64) NOT NULL,
      created_at bigint NOT NULL,
      expires_at bigint NOT NULL,
      last_used_at bigint NOT NULL,
      revoked_at bigint
    )`);
    // Ending a user's families (disable, passwd, remove) and purging expired ones select by these.
    await queryRunner.query('CREATE INDEX ix_refresh_token_families_subject ON refresh_token_families (subject)');
    await queryRunner.query('CREATE INDEX ix_refresh_token_families_expires_at ON refresh_token_families (expires_at)');
    await queryRunner.query(`CREATE TABLE refresh_tokens (
      token_hash varchar(64) NOT NULL PRIMARY KEY,
      family_id varchar(64) NOT NULL,
      access_jti varchar(256) NOT NULL,
      access_expires_at bigint NOT NULL,
      created_at bigint NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_refresh_tokens_family_id ON refresh_tokens (family_id)');
    // Signing out with an access token ends the family that issued it.
    await queryRunner.query('CREATE INDEX ix_refresh_tokens_access_jti ON refresh_tokens (access_jti)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_refresh_tokens_access_jti');
    await queryRunner.query('DROP INDEX ix_refresh_tokens_family_id');
    await queryRunner.query('DROP TABLE refresh_tokens');
    await queryRunner.query('DROP INDEX ix_refresh_token_families_expires_at');
    await queryRunner.query('DROP INDEX ix_refresh_token_families_subject');
    await queryRunner.query('DROP TABLE refresh_token_families');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['signin_sessions', 'authorization_codes', 'interactions', 'refresh_token_families'] as const;

/**
 * What a sign-in proved (OpenID Connect `acr`, RFC 8176 `amr` space-separated)
 * beside each sign-in session, code, interaction page and refresh-token family, so tokens carry it
 * and step-up can compare levels; null on rows from before: a password alone.
 */
export class AddAuthenticationLevels1732821000000 implements MigrationInterface {
  name = 'AddAuthenticationLevels1732821000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN acr varchar(64) NULL`);
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN amr varchar(64) NULL`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN amr`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN acr`);
    }
  }
}

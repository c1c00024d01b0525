import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Codes and refresh-token families remember what they were granted: scopes
 * and resources (JSON, `{"scopes":[…],"resources":[…]}`), so the code's
 * tokens carry them and a refresh may narrow them, never widen. Rows from
 * before were granted nothing in particular (null). Plain SQL that SQLite and
 * PostgreSQL both accept.
 */
export class AddGrantedAccess1732680000000 implements MigrationInterface {
  name = 'AddGrantedAccess1732680000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE authorization_codes ADD COLUMN granted text');
    await queryRunner.query('ALTER TABLE refresh_token_families ADD COLUMN granted text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE refresh_token_families DROP COLUMN granted');
    await queryRunner.query('ALTER TABLE authorization_codes DROP COLUMN granted');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per client, whether every authorization request must carry PKCE (`clients add|update --require-pkce`); rows from before: no. */
export class AddClientRequirePkce1732731000000 implements MigrationInterface {
  name = 'AddClientRequirePkce1732731000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN require_pkce boolean NOT NULL DEFAULT false');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN require_pkce');
  }
}

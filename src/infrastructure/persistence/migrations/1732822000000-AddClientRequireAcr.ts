import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per client, the level every sign-in for it must reach (`clients add|update --require-acr`); rows from before: none. */
export class AddClientRequireAcr1732822000000 implements MigrationInterface {
  name = 'AddClientRequireAcr1732822000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients ADD COLUMN require_acr varchar(64) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE oauth_clients DROP COLUMN require_acr');
  }
}

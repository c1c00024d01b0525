import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rotation: when a next key starts signing and when a retiring key is unpublished. */
export class AddKeyLifecycle1732250000000 implements MigrationInterface {
  name = 'AddKeyLifecycle1732250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['activate_at', 'activated_at', 'retire_at', 'retired_at']) {
      await queryRunner.query(`ALTER TABLE signing_keys ADD COLUMN ${column} bigint NULL`);
    }
    // Two instances rotating at once must not both create a next key.
    await queryRunner.query(`CREATE UNIQUE INDEX ux_signing_keys_next_method ON signing_keys (method) WHERE state = 'next'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ux_signing_keys_next_method');
    for (const column of ['retired_at', 'retire_at', 'activated_at', 'activate_at']) {
      await queryRunner.query(`ALTER TABLE signing_keys DROP COLUMN ${column}`);
    }
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Expired sign-in sessions are purged on every sign-in: by a range on expires_at, not a table scan. */
export class IndexSignInSessionExpiry1732650000000 implements MigrationInterface {
  name = 'IndexSignInSessionExpiry1732650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX ix_signin_sessions_expires_at ON signin_sessions (expires_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ix_signin_sessions_expires_at');
  }
}

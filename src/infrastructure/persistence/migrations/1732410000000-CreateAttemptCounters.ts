import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The login and key-endpoint attempt counters every worker and instance share,
 * in rate-limiter-flexible's layout (key, points, expire in epoch milliseconds).
 * Created here, under the migration lock, rather than by the library at start-up.
 */
export class CreateAttemptCounters1732410000000 implements MigrationInterface {
  name = 'CreateAttemptCounters1732410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE attempt_counters (
      key varchar(1024) PRIMARY KEY NOT NULL,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE attempt_counters');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Settings every instance must share, recorded once at first start (the issuer). */
export class CreateServiceSettings1732400000000 implements MigrationInterface {
  name = 'CreateServiceSettings1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE service_settings (
      name varchar(64) PRIMARY KEY NOT NULL,
      value varchar(2048) NOT NULL
    )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE service_settings');
  }
}

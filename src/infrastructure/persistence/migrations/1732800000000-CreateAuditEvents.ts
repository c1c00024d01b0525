import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail: one row per security event, read newest first (time, id)
 * and narrowed by type, account or client, each with the time so a filtered
 * page walks one index; purged by time. Plain SQL that SQLite and PostgreSQL
 * both accept.
 */
export class CreateAuditEvents1732800000000 implements MigrationInterface {
  name = 'CreateAuditEvents1732800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE audit_events (
      id varchar(64) NOT NULL PRIMARY KEY,
      time bigint NOT NULL,
      type varchar(64) NOT NULL,
      outcome varchar(16) NOT NULL,
      actor text NULL,
      account text NULL,
      client text NULL,
      address varchar(64) NULL,
      request_id varchar(128) NULL,
      details text NOT NULL
    )`);
    await queryRunner.query('CREATE INDEX ix_audit_events_time ON audit_events (time, id)');
    await queryRunner.query('CREATE INDEX ix_audit_events_type ON audit_events (type, time)');
    await queryRunner.query('CREATE INDEX ix_audit_events_account ON audit_events (account, time)');
    await queryRunner.query('CREATE INDEX ix_audit_events_client ON audit_events (client, time)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['client', 'account', 'type', 'time']) await queryRunner.query(`DROP INDEX ix_audit_events_${index}`);
    await queryRunner.query('DROP TABLE audit_events');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

const NARROW = "CHECK (kind IN ('subject', 'token'))";
const WIDE = "CHECK (kind IN ('subject', 'token', 'client'))";

/**
 * token_revocations takes a third kind, 'client': a removed client's
 * not-before. PostgreSQL swaps the column's CHECK; SQLite cannot alter a
 * constraint, so the table is rebuilt from its own stored definition (every
 * column added since is kept) with the rows and indexes copied over.
 */
export class AllowClientRevocations1732660000000 implements MigrationInterface {
  name = 'AllowClientRevocations1732660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setKindCheck(queryRunner, NARROW, WIDE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM token_revocations WHERE kind = 'client'");
    await setKindCheck(queryRunner, WIDE, NARROW);
  }
}

async function setKindCheck(queryRunner: QueryRunner, from: string, to: string): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    // The name PostgreSQL gives a column's CHECK: <table>_<column>_check.
    await queryRunner.query('ALTER TABLE token_revocations DROP CONSTRAINT token_revocations_kind_check');
    await queryRunner.query(`ALTER TABLE token_revocations ADD CONSTRAINT token_revocations_kind_check ${to}`);
    return;
  }
  const [table] = (await queryRunner.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'token_revocations'")) as Array<{ sql: string }>;
  if (!table.sql.includes(from)) throw new Error(`token_revocations has no ${from}`);
  const indexes = (await queryRunner.query("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'token_revocations' AND sql IS NOT NULL")) as Array<{
    sql: string;
  }>;
  await queryRunner.query(table.sql.replace(/^CREATE TABLE\s+"?token_revocations"?/, 'CREATE TABLE token_revocations_next').replace(from, to));
  await queryRunner.query('INSERT INTO token_revocations_next SELECT * FROM token_revocations');
  await queryRunner.query('DROP TABLE token_revocations');
  await queryRunner.query('ALTER TABLE token_revocations_next RENAME TO token_revocations');
  for (const index of indexes) await queryRunner.query(index.sql);
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

const REQUIRED = 'code_challenge varchar(128) NOT NULL';
const OPTIONAL = 'code_challenge varchar(128)';

/**
 * authorization_codes.code_challenge may be null: a confidential client may
 * skip PKCE, and its code then has no challenge. PostgreSQL drops the NOT NULL;
 * SQLite cannot alter a column, so the table is rebuilt from its own stored
 * definition (every column added since is kept) with its rows and indexes.
 * Down deletes the codes without a challenge (short-lived; they cannot be kept).
 */
export class AllowCodesWithoutChallenge1732732000000 implements MigrationInterface {
  name = 'AllowCodesWithoutChallenge1732732000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setChallengeColumn(queryRunner, REQUIRED, OPTIONAL, 'DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM authorization_codes WHERE code_challenge IS NULL');
    await setChallengeColumn(queryRunner, OPTIONAL, REQUIRED, 'SET NOT NULL');
  }
}

async function setChallengeColumn(queryRunner: QueryRunner, from: string, to: string, postgresChange: string): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.query(`ALTER TABLE authorization_codes ALTER COLUMN code_challenge ${postgresChange}`);
    return;
  }
  const [table] = (await queryRunner.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'authorization_codes'")) as Array<{ sql: string }>;
  // `from` followed by a comma or the end of the line, so the required form is not found inside itself.
  const column = new RegExp(`${from.replace(/[()]/g, '\\$&')}(?=\\s*,)`);
  if (!column.test(table.sql)) throw new Error(`authorization_codes has no ${from}`);
  const indexes = (await queryRunner.query("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'authorization_codes' AND sql IS NOT NULL")) as Array<{
    sql: string;
  }>;
  await queryRunner.query(table.sql.replace(/^CREATE TABLE\s+"?authorization_codes"?/, 'CREATE TABLE authorization_codes_next').replace(column, to));
  await queryRunner.query('INSERT INTO authorization_codes_next SELECT * FROM authorization_codes');
  await queryRunner.query('DROP TABLE authorization_codes');
  await queryRunner.query('ALTER TABLE authorization_codes_next RENAME TO authorization_codes');
  for (const index of indexes) await queryRunner.query(index.sql);
}

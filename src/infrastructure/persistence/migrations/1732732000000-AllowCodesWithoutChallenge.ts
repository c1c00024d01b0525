import type { MigrationInterface, QueryRunner } from 'typeorm';

const REQUIRED = 'code_challenge varchar(128) NOT NULL';
const OPTIONAL = 'code_challenge varchar(128)';

/**
 * A code asked for without PKCE (a confidential OpenID client with a nonce)
 * has no challenge: the column takes null. PostgreSQL drops the NOT NULL;
 * SQLite cannot alter a column, so the table is rebuilt from its own stored
 * definition with the rows and indexes copied over. Going down, codes
 * without a challenge are deleted (they live a minute).
 */
export class AllowCodesWithoutChallenge1732732000000 implements MigrationInterface {
  name = 'AllowCodesWithoutChallenge1732732000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await setChallengeColumn(queryRunner, REQUIRED, OPTIONAL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM authorization_codes WHERE code_challenge IS NULL');
    await setChallengeColumn(queryRunner, OPTIONAL, REQUIRED);
  }
}

async function setChallengeColumn(queryRunner: QueryRunner, from: string, to: string): Promise<void> {
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.query(`ALTER TABLE authorization_codes ALTER COLUMN code_challenge ${to === OPTIONAL ? 'DROP' : 'SET'} NOT NULL`);
    return;
  }
  const [table] = (await queryRunner.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'authorization_codes'")) as Array<{ sql: string }>;
  if (!table.sql.includes(from)) throw new Error(`authorization_codes has no ${from}`);
  const indexes = (await queryRunner.query("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'authorization_codes' AND sql IS NOT NULL")) as Array<{
    sql: string;
  }>;
  await queryRunner.query(table.sql.replace(/^CREATE TABLE\s+"?authorization_codes"?/, 'CREATE TABLE authorization_codes_next').replace(from, to));
  await queryRunner.query('INSERT INTO authorization_codes_next SELECT * FROM authorization_codes');
  await queryRunner.query('DROP TABLE authorization_codes');
  await queryRunner.query('ALTER TABLE authorization_codes_next RENAME TO authorization_codes');
  for (const index of indexes) await queryRunner.query(index.sql);
}

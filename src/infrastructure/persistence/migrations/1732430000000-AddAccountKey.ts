import type { MigrationInterface, QueryRunner } from 'typeorm';
import { accountKey } from '../../../domain/model/AccountName';

/**
 * `account_key`: the account's comparison key (NFKC, case-folded), unique, so
 * `ｂｏｂ` or `BOB` cannot be added beside `bob` and a login under either
 * spelling finds the one account. Plain SQL that SQLite and PostgreSQL accept.
 */
export class AddAccountKey1732430000000 implements MigrationInterface {
  name = 'AddAccountKey1732430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN account_key varchar(256) NULL');
    const rows = (await queryRunner.query('SELECT id, account FROM users ORDER BY created_at, id')) as Array<{ id: string; account: string }>;
    const taken = new Set<string>();
    for (const row of rows) {
      const key = accountKey(row.account);
      // Look-alikes added before this migration: the oldest keeps the name; a later one is
      // reachable only under a key no login can produce (`#<id>`: a key is never `#…` plus an id
      // by accident), until an operator renames or removes it.
      // A key longer than the column (NFKC can lengthen text) gets the same treatment.
      const kept = taken.has(key) || key.length > 256 ? `#${row.id}` : key;
      taken.add(key);
      await queryRunner.query(`UPDATE users SET account_key = ${param(queryRunner, 1)} WHERE id = ${param(queryRunner, 2)}`, [kept, row.id]);
    }
    await queryRunner.query('CREATE UNIQUE INDEX ux_users_account_key ON users (account_key)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX ux_users_account_key');
    await queryRunner.query('ALTER TABLE users DROP COLUMN account_key');
  }
}

/** The n-th bind parameter in the connection's dialect. */
function param(queryRunner: QueryRunner, n: number): string {
  return queryRunner.connection.options.type === 'postgres' ? `$${n}` : '?';
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What each watched table announces: the topic and the column that names the changed entry. */
const WATCHED = [
  { table: 'oauth_clients', topic: 'client', column: 'client_id', updateOf: '' },
  { table: 'users', topic: 'user', column: 'id', updateOf: '' },
  { table: 'users', topic: 'account', column: 'account_key', updateOf: '' },
  // A TOTP login moves last_step on every use: only whether a factor is held matters to the caches.
  { table: 'second_factors', topic: 'factors', column: 'user_id', updateOf: ' OF confirmed, user_id' },
] as const;

/**
 * The store announces every change of a client, a user or a user's second
 * factors, in the writing transaction itself (triggers, so a command, the
 * admin API or a hand-written UPDATE all announce alike), and each process
 * drops what it cached of the entry named. PostgreSQL: NOTIFY on channel
 * `auth_store_changes`, payload `<topic>:<key>`. SQLite: rows of
 * store_changes, which each process polls; the last 1000 are kept.
 */
export class AddStoreChangeFeed1732880000000 implements MigrationInterface {
  name = 'AddStoreChangeFeed1732880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') return this.upPostgres(queryRunner);
    await queryRunner.query(`CREATE TABLE store_changes (
      id integer PRIMARY KEY AUTOINCREMENT,
      topic varchar(16) NOT NULL,
      subject varchar(256) NOT NULL
    )`);
    await queryRunner.query('CREATE TRIGGER store_changes_kept AFTER INSERT ON store_changes BEGIN DELETE FROM store_changes WHERE id <= NEW.id - 1000; END');
    for (const { table, topic, column, updateOf } of WATCHED) {
      const insert = (row: 'NEW' | 'OLD') => `INSERT INTO store_changes (topic, subject) VALUES ('${topic}', COALESCE(${row}.${column}, ''));`;
      await queryRunner.query(`CREATE TRIGGER store_changes_${topic}_insert AFTER INSERT ON ${table} BEGIN ${insert('NEW')} END`);
      await queryRunner.query(`CREATE TRIGGER store_changes_${topic}_update AFTER UPDATE${updateOf} ON ${table} BEGIN ${insert('OLD')} ${insert('NEW')} END`);
      await queryRunner.query(`CREATE TRIGGER store_changes_${topic}_delete AFTER DELETE ON ${table} BEGIN ${insert('OLD')} END`);
    }
  }

  private async upPostgres(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION auth_store_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('auth_store_changes', TG_ARGV[0] || ':' || COALESCE(to_jsonb(OLD) ->> TG_ARGV[1], '')); END IF;
        IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('auth_store_changes', TG_ARGV[0] || ':' || COALESCE(to_jsonb(NEW) ->> TG_ARGV[1], '')); END IF;
        RETURN NULL;
      END $$`);
    for (const { table, topic, column, updateOf } of WATCHED) {
      await queryRunner.query(
        `CREATE TRIGGER store_changes_${topic} AFTER INSERT OR DELETE OR UPDATE${updateOf} ON ${table} FOR EACH ROW EXECUTE PROCEDURE auth_store_change('${topic}', '${column}')`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      for (const { table, topic } of WATCHED) await queryRunner.query(`DROP TRIGGER store_changes_${topic} ON ${table}`);
      await queryRunner.query('DROP FUNCTION auth_store_change()');
      return;
    }
    for (const { topic } of WATCHED) {
      for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER store_changes_${topic}_${event}`);
    }
    await queryRunner.query('DROP TRIGGER store_changes_kept');
    await queryRunner.query('DROP TABLE store_changes');
  }
}

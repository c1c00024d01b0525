import type { DataSource } from 'typeorm';
import { accountKey } from '../../domain/model/AccountName';
import { UserEntity } from './UserEntity';

/**
 * The database's plan for the login's account lookup, as one line of text:
 * the same WHERE as TypeOrmUserRepository.findByAccount (the account's
 * comparison key), built by TypeORM from the entity, so the plan cannot be of
 * another query than the one logins run. For the bench's scale table and the
 * index test (an index search, never a table scan).
 */
export async function accountLookupPlan(dataSource: DataSource, account: string): Promise<string> {
  const [sql, parameters] = dataSource.getRepository(UserEntity).createQueryBuilder('users').where({ accountKey: accountKey(account) }).getQueryAndParameters();
  if (dataSource.options.type === 'postgres') {
    const rows = (await dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<Record<string, string>>;
    return rows.map((row) => row['QUERY PLAN']).join(' / ');
  }
  const rows = (await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as Array<{ detail: string }>;
  return rows.map((row) => row.detail).join(' / ');
}

import { MoreThan, QueryFailedError, type DataSource } from 'typeorm';
import { AccountTakenError } from '../../domain/errors';
import { accountKey } from '../../domain/model/AccountName';
import type { UserAccount, UserStatus } from '../../domain/model/UserAccount';
import type { UserRepository, UserVersion } from '../../domain/ports/UserRepository';
import { UserEntity } from './UserEntity';

/** UserRepository on TypeORM (SQLite or PostgreSQL); accounts are found and kept unique by their accountKey. */
export class TypeOrmUserRepository implements UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findByAccount(account: string): Promise<UserAccount | null> {
    const row = await this.dataSource.getRepository(UserEntity).findOneBy({ accountKey: accountKey(account) });
    return row ? toAccount(row) : null;
  }

  async findById(id: string): Promise<UserAccount | null> {
    const row = await this.dataSource.getRepository(UserEntity).findOneBy({ id });
    return row ? toAccount(row) : null;
  }

  async add(user: UserAccount): Promise<void> {
    try {
      await this.dataSource.getRepository(UserEntity).insert(toRow(user));
    } catch (error) {
      // The unique index decides, so two concurrent adds cannot both succeed.
      if (isUniqueViolation(error)) throw new AccountTakenError(user.account, { cause: error });
      throw error;
    }
  }

  async setStatus(account: string, status: UserStatus, at: Date, expected?: UserVersion): Promise<boolean> {
    const still = expected === undefined ? {} : { status: expected.status, updatedAt: String(expected.updatedAt.getTime()) };
    // One UPDATE … WHERE: with `expected`, a write by another instance since the read leaves no row to change.
    const result = await this.dataSource.getRepository(UserEntity).update({ accountKey: accountKey(account), ...still }, { status, updatedAt: String(at.getTime()) });
    // SQLite reports no row count through TypeORM; fall back to a lookup there.
    if (result.affected !== undefined) return result.affected > 0;
    return (await this.findByAccount(account)) !== null;
  }

  async setPasswordHash(account: string, passwordHash: string, at: Date): Promise<void> {
    await this.dataSource.getRepository(UserEntity).update({ accountKey: accountKey(account) }, { passwordHash, updatedAt: String(at.getTime()) });
  }

  async remove(account: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(UserEntity).delete({ account });
    // As in setStatus: SQLite reports no row count through TypeORM.
    if (result.affected !== undefined && result.affected !== null) return result.affected > 0;
    return (await this.findByAccount(account)) === null;
  }

  async list(): Promise<UserAccount[]> {
    const rows = await this.dataSource.getRepository(UserEntity).find({ order: { account: 'ASC' } });
    return rows.map(toAccount);
  }

  async listAfter(after: string | null, limit: number): Promise<UserAccount[]> {
    // ux_users_account: the range and the order come from the index, in the database's own collation.
    const rows = await this.dataSource.getRepository(UserEntity).find({ where: after === null ? {} : { account: MoreThan(after) }, order: { account: 'ASC' }, take: limit });
    return rows.map(toAccount);
  }
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: unknown; message?: unknown } | undefined;
  // PostgreSQL: SQLSTATE 23505; SQLite: SQLITE_CONSTRAINT with a UNIQUE message.
  if (driverError?.code === '23505') return true;
  return driverError?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(String(driverError.message));
}

function toRow(user: UserAccount): UserEntity {
  const row = new UserEntity();
  row.id = user.id;
  row.account = user.account;
  row.accountKey = accountKey(user.account);
  row.passwordHash = user.passwordHash;
  row.nickName = user.nickName;
  row.userType = user.userType;
  row.tenantId = user.tenantId;
  row.telephone = user.telephone;
  row.avatar = user.avatar;
  row.email = user.email;
  row.grade = user.grade;
  row.status = user.status;
  row.createdAt = String(user.createdAt.getTime());
  row.updatedAt = String(user.updatedAt.getTime());
  return row;
}

function toAccount(row: UserEntity): UserAccount {
  return {
    id: row.id,
    account: row.account,
    nickName: row.nickName,
    userType: row.userType,
    tenantId: row.tenantId,
    telephone: row.telephone,
    avatar: row.avatar,
    grade: row.grade,
    email: row.email,
    passwordHash: row.passwordHash,
    status: row.status === 'active' ? 'active' : 'disabled',
    createdAt: new Date(Number(row.createdAt)),
    updatedAt: new Date(Number(row.updatedAt)),
  };
}

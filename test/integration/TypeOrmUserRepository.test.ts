import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { AccountTakenError } from '../../src/domain/errors';
import type { UserAccount } from '../../src/domain/model/UserAccount';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmUserRepository } from '../../src/infrastructure/persistence/TypeOrmUserRepository';

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function user(account: string, changes: Partial<UserAccount> = {}): UserAccount {
  return {
    id: `id-${account}`,
    account,
    nickName: `昵称 ${account}`,
    userType: '4',
    tenantId: 'tenant-7',
    telephone: '+86 10 1234 5678',
    avatar: null,
    grade: 'gold',
    email: `${account}@example.com`,
    passwordHash: `scrypt$1024$8$1$salt-${account}$digest`,
    status: 'active',
    createdAt: new Date('2026-05-01T10:00:00.123Z'),
    updatedAt: new Date('2026-05-01T10:00:00.123Z'),
    ...changes,
  };
}

/** The same behaviour on every database the service supports. */
function repositoryContract(open: () => Promise<DataSource>, close: (dataSource: DataSource) => Promise<void>): void {
  let dataSource: DataSource;
  let users: TypeOrmUserRepository;

  before(async () => {
    dataSource = await open();
    users = new TypeOrmUserRepository(dataSource);
  });

  after(async () => {
    if (dataSource) await close(dataSource);
  });

  it('stores a user and reads every field back exactly', async () => {
    const alice = user('alice');
    await users.add(alice);

    expect(await users.findByAccount('alice')).to.deep.equal(alice);
    // Account names compare by accountKey (NFKC, case-folded): a look-alike spelling finds the one account.
    expect(await users.findByAccount('ALICE')).to.deep.equal(alice);
    expect(await users.findByAccount('nobody')).to.equal(null);
    // By id too (a token that names its user by sub alone).
    expect(await users.findById(alice.id)).to.deep.equal(alice);
    expect(await users.findById('no-such-id')).to.equal(null);
  });

  it('refuses a second user with the same account through the unique index', async () => {
    await users.add(user('bob'));

    const error = await users.add(user('bob', { id: 'id-other' })).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(AccountTakenError);
    expect((await users.findByAccount('bob'))?.id).to.equal('id-bob');
  });

  it('changes status and password hash, and reports an unknown account', async () => {
    await users.add(user('carol'));
    const later = new Date('2026-05-02T00:00:00Z');

    expect(await users.setStatus('carol', 'disabled', later)).to.equal(true);
    await users.setPasswordHash('carol', 'scrypt$2048$8$1$new$digest', later);
    expect(await users.setStatus('nobody', 'disabled', later)).to.equal(false);

    expect(await users.findByAccount('carol')).to.include({ status: 'disabled', passwordHash: 'scrypt$2048$8$1$new$digest' });
    expect((await users.findByAccount('carol'))?.updatedAt).to.deep.equal(later);
  });

  it('changes the status only if still as expected (status and last change), in one conditional write', async () => {
    await users.add(user('dora'));
    const read = { status: 'active' as const, updatedAt: user('dora').updatedAt };
    const later = new Date('2026-05-03T00:00:00Z');

    expect(await users.setStatus('dora', 'disabled', later, read), 'as read').to.equal(true);
    expect(await users.setStatus('dora', 'active', later, read), 'status changed since').to.equal(false);
    expect(await users.setStatus('dora', 'active', later, { status: 'disabled', updatedAt: read.updatedAt }), 'last change moved since').to.equal(false);
    expect(await users.findByAccount('dora')).to.include({ status: 'disabled' });
    expect(await users.setStatus('DORA', 'active', new Date('2026-05-04T00:00:00Z'), { status: 'disabled', updatedAt: later }), 'look-alike, current').to.equal(true);
    expect(await users.setStatus('nobody', 'disabled', later, read)).to.equal(false);
    expect((await users.findByAccount('dora'))?.status).to.equal('active');
    await users.remove('dora');
  });

  it('lists users ordered by account', async () => {
    expect((await users.list()).map((listed) => listed.account)).to.deep.equal(['alice', 'bob', 'carol']);
  });

  it('enforces the status values in the schema', async () => {
    const error = await dataSource
      .query(`INSERT INTO users (id, account, password_hash, nick_name, user_type, status, created_at, updated_at) VALUES ('x', 'x', 'h', 'n', '4', 'frozen', 0, 0)`)
      .catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(Error);
  });
}

describe('TypeOrmUserRepository on SQLite', () => {
  repositoryContract(
    () => openDatabase(createDataSource('sqlite::memory:')),
    (dataSource) => dataSource.destroy(),
  );
});

describe('TypeOrmUserRepository on PostgreSQL', function () {
  const database = `auth_users_${randomBytes(6).toString('hex')}`;

  async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  repositoryContract(
    async () => {
      await admin((client) => client.query(`CREATE DATABASE ${database}`));
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${database}`;
      return openDatabase(createDataSource(url.toString()));
    },
    async (dataSource) => {
      await dataSource.destroy();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database}`));
    },
  );
});

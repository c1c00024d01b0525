import { expect } from 'chai';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import type { UserAccount } from '../../../../src/domain/model/UserAccount';
import { DatabaseActiveUsers } from '../../../../src/infrastructure/auth/DatabaseActiveUsers';
import { StubActiveUsers } from '../../../../src/infrastructure/auth/StubActiveUsers';
import { STUB_USER } from '../../../../src/infrastructure/auth/StubUserAuthenticator';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const stored = (changes: Partial<UserAccount>): UserAccount => ({
  ...USER,
  email: null,
  passwordHash: 'x',
  status: 'active',
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...changes,
});

/** A repository answering `account` to either lookup, recording which was asked and with what. */
const repository = (account: UserAccount | null, asked: string[] = []) => ({
  findByAccount: async (name: string) => (asked.push(`account ${name}`), account),
  findById: async (id: string) => (asked.push(`id ${id}`), account),
});

describe('ActiveUsers adapters', () => {
  it('database: active only while the account exists, is the same user and is active', async () => {
    const answer = (account: UserAccount | null) => new DatabaseActiveUsers(repository(account)).isActive(USER);
    expect(await answer(stored({}))).to.equal(true);
    expect(await answer(null)).to.equal(false);
    expect(await answer(stored({ status: 'disabled' }))).to.equal(false);
    expect(await answer(stored({ id: '8' }))).to.equal(false);
  });

  it('database: looks the user up by the account it signed in with', async () => {
    const asked: string[] = [];
    await new DatabaseActiveUsers(repository(null, asked)).isActive(USER);
    expect(asked).to.deep.equal(['account alice']);
  });

  it('database: looks a user known by id alone (a token without account) up by id, with the same checks', async () => {
    const asked: string[] = [];
    const byId = (account: UserAccount | null) => new DatabaseActiveUsers(repository(account, asked)).isActive({ id: '7', account: null });
    expect(await byId(stored({}))).to.equal(true);
    expect(await byId(null)).to.equal(false);
    expect(await byId(stored({ status: 'disabled' }))).to.equal(false);
    expect(await byId(stored({ id: '8' }))).to.equal(false);
    expect(asked).to.deep.equal(['id 7', 'id 7', 'id 7', 'id 7']);
    expect(await new DatabaseActiveUsers(repository(stored({ email: 'a@example.com' }))).emailOf({ id: '7', account: null })).to.equal('a@example.com');
  });

  it('stub: its configured user cannot be disabled', async () => {
    expect(await new StubActiveUsers().isActive()).to.equal(true);
    expect(STUB_USER.id).to.equal('1');
  });

  it("database: the email of the same active user, null for another user, a disabled one, none stored or no account", async () => {
    const email = (account: UserAccount | null) => new DatabaseActiveUsers(repository(account)).emailOf(USER);
    expect(await email(stored({ email: 'alice@example.com' }))).to.equal('alice@example.com');
    expect(await email(stored({}))).to.equal(null);
    expect(await email(null)).to.equal(null);
    expect(await email(stored({ email: 'a@example.com', status: 'disabled' }))).to.equal(null);
    expect(await email(stored({ email: 'a@example.com', id: '8' }))).to.equal(null);
  });

  it('stub: its user has no email', async () => {
    expect(await new StubActiveUsers().emailOf()).to.equal(null);
  });
});

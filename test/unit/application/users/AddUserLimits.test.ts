import { expect } from 'chai';
import { AccountTakenError, InvalidRequestError } from '../../../../src/domain/errors';
import { AddUser, type AddUserInput } from '../../../../src/application/users/AddUser';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { MarkingPasswordHasher } from '../../../support/MarkingPasswordHasher';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

/** Every text field at its column size (USER_FIELD_LIMITS), the password at its 1024 characters. */
const LONGEST: Required<AddUserInput> = {
  account: 'a'.repeat(256),
  password: 'p'.repeat(1024),
  nickName: 'n'.repeat(256),
  userType: 't'.repeat(16),
  tenantId: 'i'.repeat(64),
  telephone: '1'.repeat(32),
  avatar: 'v'.repeat(1024),
  email: 'e'.repeat(256),
  grade: 'g'.repeat(64),
};

/** U+FB03 LATIN SMALL LIGATURE FFI: one character that NFKC turns into three (`ffi`). */
const FFI = '\ufb03';

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => expect.fail('expected the add to be refused'),
    (error: Error) => error,
  );
}

describe('AddUser field limits and look-alike accounts', () => {
  const clock = new FixedClock('2026-04-01T12:00:00Z');
  let users: InMemoryUserRepository;
  let hasher: MarkingPasswordHasher;
  let addUser: AddUser;

  beforeEach(() => {
    users = new InMemoryUserRepository();
    hasher = new MarkingPasswordHasher();
    addUser = new AddUser(users, hasher, clock, new SequenceIdGenerator(), new RecordingAuditTrail());
  });

  it('accepts every field at exactly its longest allowed length', async () => {
    const added = await addUser.execute(LONGEST);

    const { password: _password, ...profile } = LONGEST;
    expect(added).to.deep.equal({ id: 'id-1', ...profile, status: 'active', createdAt: clock.now(), updatedAt: clock.now() });
    expect(users.rows.get(LONGEST.account)?.passwordHash).to.equal(`hashed:${LONGEST.password}`);
  });

  const FIELDS = [
    ['account', 256],
    ['nickName', 256],
    ['userType', 16],
    ['tenantId', 64],
    ['telephone', 32],
    ['avatar', 1024],
    ['email', 256],
    ['grade', 64],
  ] as const;

  for (const [field, limit] of FIELDS) {
    it(`refuses a ${field} value one character over ${limit}, naming the field and its limit`, async () => {
      const error = await failure(addUser.execute({ ...LONGEST, [field]: 'x'.repeat(limit + 1) }));

      expect(error).to.be.instanceOf(InvalidRequestError).with.property('code', 'INVALID_REQUEST');
      expect(error.message).to.equal(`${field} must be 1 to ${limit} characters without surrounding spaces or control characters`);
      expect(users.rows.size).to.equal(0);
    });
  }

  it('refuses a padded nickName or userType by name', async () => {
    const nick = await failure(addUser.execute({ account: 'alice', password: 'pw', nickName: 'Alice ' }));
    const type = await failure(addUser.execute({ account: 'alice', password: 'pw', nickName: 'Alice', userType: ' 4' }));

    expect(nick.message).to.equal('nickName must be 1 to 256 characters without surrounding spaces or control characters');
    expect(type.message).to.equal('userType must be 1 to 16 characters without surrounding spaces or control characters');
  });

  it('refuses a password over 1024 characters with the password rule', async () => {
    const error = await failure(addUser.execute({ ...LONGEST, password: 'p'.repeat(1025) }));

    expect(error).to.be.instanceOf(InvalidRequestError);
    expect(error.message).to.equal('password must be 1 to 1024 characters, not only spaces, without control characters');
    expect(hasher.hashed).to.deep.equal([]);
  });

  it('refuses an account within 256 characters whose normalised (NFKC) form is longer', async () => {
    const account = FFI.repeat(100);
    expect(account.length).to.equal(100);

    const error = await failure(addUser.execute({ account, password: 'pw', nickName: 'Ligatures' }));

    expect(error).to.be.instanceOf(InvalidRequestError).with.property('code', 'INVALID_REQUEST');
    expect(error.message).to.equal('account must be at most 256 characters once normalised (NFKC)');
    expect(users.rows.size).to.equal(0);
  });

  it('accepts an account whose normalised form is exactly 256 characters', async () => {
    const account = `${FFI.repeat(85)}a`;

    const added = await addUser.execute({ account, password: 'pw', nickName: 'Ligatures' });

    expect(added.account).to.equal(account);
    expect(users.rows.size).to.equal(1);
  });

  it('refuses a look-alike of an existing account, naming the stored spelling, and keeps the stored user', async () => {
    await addUser.execute({ account: 'alice', password: 'pw', nickName: 'Alice' });

    const error = await failure(addUser.execute({ account: 'ＡＬＩＣＥ', password: 'other', nickName: 'Other' }));

    expect(error).to.be.instanceOf(AccountTakenError).with.property('code', 'ACCOUNT_TAKEN');
    expect(error.message).to.equal('account "ＡＬＩＣＥ" is the same name as the existing "alice" (compared after NFKC and case folding)');
    expect(users.rows.size).to.equal(1);
    expect(users.rows.get('alice')?.nickName).to.equal('Alice');
  });
});

import { expect } from 'chai';
import type { AuthenticatedUser } from '../../../../../src/domain/model/AuthenticatedUser';
import { ModuleActiveUsers } from '../../../../../src/infrastructure/auth/userStoreModule/ModuleActiveUsers';
import { UserStoreUnavailableError } from '../../../../../src/infrastructure/auth/userStoreModule/UserStoreUnavailableError';
import { RecordingLogger } from '../../../../support/RecordingLogger';
import { FakeUserStoreModule } from './fakeUserStoreModule';

const USER: AuthenticatedUser = { id: 'u-1', account: 'alice', nickName: 'Alice', userType: '4', tenantId: null, telephone: null, avatar: null, grade: null };
const FOUND = { id: 'u-1', account: 'alice', nickName: 'Alice', userType: '4' };

describe('ModuleActiveUsers', () => {
  let store: FakeUserStoreModule;
  let logger: RecordingLogger;
  let activeUsers: ModuleActiveUsers;

  beforeEach(() => {
    store = new FakeUserStoreModule();
    logger = new RecordingLogger();
    activeUsers = new ModuleActiveUsers(store, logger);
  });

  it('keeps every user active when the module exports no findById: it cannot tell', async () => {
    expect(await activeUsers.isActive(USER)).to.equal(true);
    expect(store.asked).to.deep.equal([]);
  });

  it('asks findById by the id and keeps the user active while it finds the same user', async () => {
    store.findByIdAnswer = async () => FOUND;

    expect(await activeUsers.isActive(USER)).to.equal(true);
    expect(store.asked).to.deep.equal(['findById u-1']);
  });

  it('compares the account folded, as account names are everywhere', async () => {
    store.findByIdAnswer = () => ({ ...FOUND, account: 'ＡＬＩＣＥ' });

    expect(await activeUsers.isActive(USER)).to.equal(true);
  });

  it('matches a user known by id alone (a token without account) by id, whatever the account', async () => {
    store.findByIdAnswer = async () => ({ ...FOUND, account: 'bob' });
    expect(await activeUsers.isActive({ id: 'u-1', account: null })).to.equal(true);
    expect(await activeUsers.isActive({ id: 'u-2', account: null })).to.equal(false);
    store.findByIdAnswer = async () => null;
    expect(await activeUsers.isActive({ id: 'u-1', account: null })).to.equal(false);
  });

  it('is inactive when findById answers null (disabled or removed)', async () => {
    store.findByIdAnswer = async () => null;

    expect(await activeUsers.isActive(USER)).to.equal(false);
  });

  it('is inactive when the id now names another account, or the answer another id', async () => {
    store.findByIdAnswer = async () => ({ ...FOUND, account: 'mallory' });
    expect(await activeUsers.isActive(USER)).to.equal(false);

    store.findByIdAnswer = async () => ({ ...FOUND, id: 'u-2' });
    expect(await activeUsers.isActive(USER)).to.equal(false);
  });

  it('answers no answer in time as an outage, never as active', async () => {
    store.findByIdAnswer = () => new Promise(() => undefined);

    const error = await new ModuleActiveUsers(store, logger, 20).isActive(USER).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(UserStoreUnavailableError);
    expect(logger.at('error')[0].fields).to.deep.equal({ userStoreModule: './team-store.js', function: 'findById', error: 'no answer within 20 ms' });
  });

  it('answers a throw or a malformed user as an outage, never as active, logging module and field', async () => {
    store.findByIdAnswer = () => {
      throw new Error('timeout');
    };
    let error: unknown = await activeUsers.isActive(USER).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(UserStoreUnavailableError);
    expect(logger.at('error')[0].fields).to.deep.equal({ userStoreModule: './team-store.js', function: 'findById', error: 'Error: timeout' });

    store.findByIdAnswer = async () => ({ ...FOUND, userType: null });
    error = await activeUsers.isActive(USER).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(UserStoreUnavailableError);
    expect(logger.at('error')[1].fields).to.include({ userStoreModule: './team-store.js', function: 'findById', field: 'userType' });
  });

  it("emailOf: the module's email of the same user found by id; null without findById, without an email, or for another user", async () => {
    expect(await activeUsers.emailOf(USER)).to.equal(null);
    store.findByIdAnswer = async () => ({ ...FOUND, email: 'alice@example.com' });
    expect(await activeUsers.emailOf(USER)).to.equal('alice@example.com');
    store.findByIdAnswer = async () => FOUND;
    expect(await activeUsers.emailOf(USER)).to.equal(null);
    store.findByIdAnswer = async () => ({ ...FOUND, id: 'u-2', email: 'bob@example.com' });
    expect(await activeUsers.emailOf(USER)).to.equal(null);
    store.findByIdAnswer = async () => ({ ...FOUND, account: 'mallory', email: 'm@example.com' });
    expect(await activeUsers.emailOf(USER)).to.equal(null);
    store.findByIdAnswer = async () => null;
    expect(await activeUsers.emailOf(USER)).to.equal(null);
  });
});

import { expect } from 'chai';
import { InvalidCredentialsError, PasswordHashingBusyError, StoreUnavailableError } from '../../../../../src/domain/errors';
import { ModuleUserAuthenticator } from '../../../../../src/infrastructure/auth/userStoreModule/ModuleUserAuthenticator';
import { UserStoreUnavailableError } from '../../../../../src/infrastructure/auth/userStoreModule/UserStoreUnavailableError';
import { RecordingLogger } from '../../../../support/RecordingLogger';
import { CountingGate, FakeUserStoreModule } from './fakeUserStoreModule';

const USER = { id: 'u-1', account: 'alice', nickName: 'Alice', userType: '4' };

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('resolved');
}

describe('ModuleUserAuthenticator', () => {
  let store: FakeUserStoreModule;
  let gate: CountingGate;
  let logger: RecordingLogger;
  let authenticator: ModuleUserAuthenticator;

  beforeEach(() => {
    store = new FakeUserStoreModule();
    gate = new CountingGate();
    logger = new RecordingLogger();
    authenticator = new ModuleUserAuthenticator(store, gate, logger);
  });

  it("logs in the module's user, with the username and password as typed, under the hashing bound", async () => {
    store.authenticateAnswer = async () => ({ ...USER, email: 'a@example.com' });

    const user = await authenticator.authenticate('Alice', 'pw 1');

    expect(user).to.deep.equal({ ...USER, tenantId: null, telephone: null, avatar: null, grade: null });
    expect(store.asked).to.deep.equal(['authenticate Alice pw 1']);
    expect(gate.runs).to.equal(1);
    expect(logger.lines).to.deep.equal([]);
  });

  it('takes a synchronous answer as well', async () => {
    store.authenticateAnswer = () => USER;

    expect(await authenticator.authenticate('alice', 'pw')).to.include(USER);
  });

  it('turns null into the one InvalidCredentialsError, logging nothing', async () => {
    store.authenticateAnswer = async () => null;

    expect(await failure(authenticator.authenticate('alice', 'wrong'))).to.be.instanceOf(InvalidCredentialsError);
    expect(logger.lines).to.deep.equal([]);
  });

  it('answers a malformed user as a store outage and logs the module, the function and the field', async () => {
    store.authenticateAnswer = async () => ({ ...USER, nickName: 42 });

    const error = await failure(authenticator.authenticate('alice', 'pw'));

    expect(error).to.be.instanceOf(UserStoreUnavailableError).and.to.be.instanceOf(StoreUnavailableError).and.to.include({ code: 'STORE_UNAVAILABLE' });
    expect(error.message).to.equal('user store module ./team-store.js: authenticate returned a malformed nickName (expected a non-empty string, got number)');
    expect(logger.lines).to.deep.equal([
      {
        level: 'error',
        fields: { userStoreModule: './team-store.js', function: 'authenticate', field: 'nickName', problem: 'expected a non-empty string, got number' },
        message: 'the user store module returned a malformed user; answered as a store outage',
      },
    ]);
  });

  it('answers undefined (a forgotten return) as an outage, never as a login or a wrong password', async () => {
    store.authenticateAnswer = async () => undefined;

    const error = await failure(authenticator.authenticate('alice', 'pw'));

    expect(error).to.be.instanceOf(UserStoreUnavailableError);
    expect(logger.at('error')[0].fields).to.include({ field: 'user', problem: 'expected an object or null, got undefined' });
  });

  it('answers a user with a control character as an outage naming the field', async () => {
    store.authenticateAnswer = async () => ({ ...USER, account: 'alice\r\nforged: yes' });

    expect(await failure(authenticator.authenticate('alice', 'pw'))).to.be.instanceOf(UserStoreUnavailableError);
    expect(logger.at('error')[0].fields).to.include({ field: 'account', problem: 'holds a control character or a lone surrogate' });
  });

  for (const [how, answer] of [
    ['throws', () => { throw new Error('ECONNREFUSED 10.0.0.5:5432'); }],
    ['rejects', () => Promise.reject(new Error('ECONNREFUSED 10.0.0.5:5432'))],
  ] as const) {
    it(`answers a module that ${how} as a store outage, logging the module, the function and the error`, async () => {
      store.authenticateAnswer = answer;

      const error = await failure(authenticator.authenticate('alice', 'pw'));

      expect(error).to.be.instanceOf(UserStoreUnavailableError).and.to.include({ message: 'user store module ./team-store.js: authenticate threw' });
      expect(error.cause).to.have.property('message', 'ECONNREFUSED 10.0.0.5:5432');
      expect(logger.lines).to.deep.equal([
        {
          level: 'error',
          fields: { userStoreModule: './team-store.js', function: 'authenticate', error: 'Error: ECONNREFUSED 10.0.0.5:5432' },
          message: 'the user store module threw; answered as a store outage',
        },
      ]);
    });
  }

  it("withholds a module error's message when it repeats the password", async () => {
    store.authenticateAnswer = () => {
      throw new TypeError('bad query for s3cret-Pa55');
    };

    await failure(authenticator.authenticate('alice', 's3cret-Pa55'));

    expect(logger.at('error')[0].fields.error).to.equal('TypeError (message withheld: it contains the password)');
    expect(JSON.stringify(logger.lines)).not.to.include('s3cret-Pa55');
  });

  it('names a thrown non-error by its type', async () => {
    store.authenticateAnswer = () => {
      throw 'nope';
    };

    await failure(authenticator.authenticate('alice', 'pw'));

    expect(logger.at('error')[0].fields.error).to.equal('a thrown string');
  });

  it('answers a module that does not answer in time as a store outage, and gives its hashing slot back', async () => {
    const patient = new ModuleUserAuthenticator(store, gate, logger, 20);
    store.authenticateAnswer = () => new Promise(() => undefined);

    const error = await failure(patient.authenticate('alice', 'pw'));

    expect(error).to.be.instanceOf(UserStoreUnavailableError).and.to.include({ message: 'user store module ./team-store.js: authenticate did not answer in time' });
    expect(logger.lines).to.deep.equal([
      {
        level: 'error',
        fields: { userStoreModule: './team-store.js', function: 'authenticate', error: 'no answer within 20 ms' },
        message: 'the user store module did not answer in time; answered as a store outage',
      },
    ]);
    store.authenticateAnswer = async () => USER;
    expect(await patient.authenticate('alice', 'pw')).to.include(USER);
  });

  it('lets a full hashing bound refuse the login before the module is asked', async () => {
    gate.refusal = new PasswordHashingBusyError();

    expect(await failure(authenticator.authenticate('alice', 'pw'))).to.be.instanceOf(PasswordHashingBusyError);
    expect(store.asked).to.deep.equal([]);
  });

  it('is ready once the module is loaded, and passes on why it could not be', async () => {
    await authenticator.ready();
    const broken = new ModuleUserAuthenticator({ module: () => Promise.reject(new Error('AUTH_USER_STORE module "x" …')) }, gate, logger);

    expect((await failure(broken.ready())).message).to.equal('AUTH_USER_STORE module "x" …');
  });
});

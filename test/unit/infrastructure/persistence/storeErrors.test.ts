import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { StoreUnavailableError } from '../../../../src/domain/errors';
import { DatabaseUnavailableError } from '../../../../src/infrastructure/persistence/DatabaseUnavailableError';
import { isDriverUnreachable, translatedStoreError, translatingStoreErrors } from '../../../../src/infrastructure/persistence/storeErrors';

/** What node-postgres and TypeORM throw when the database cannot be reached. */
function errno(code: string, message = `connect ${code} 127.0.0.1:5432`): Error {
  return Object.assign(new Error(message), { code });
}

const UNREACHABLE = [
  errno('ECONNREFUSED'),
  errno('ECONNRESET', 'read ECONNRESET'),
  errno('ETIMEDOUT'),
  errno('08006', 'connection failure'),
  errno('57P03', 'the database system is starting up'),
  new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')]),
  new Error('Connection terminated unexpectedly'),
  new Error('timeout exceeded when trying to connect'),
  new Error('Query read timeout'),
  new Error('Client has encountered a connection error and is not queryable'),
  new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
  new DatabaseUnavailableError('could not open the postgres database within 30 s'),
];

describe('store errors: drivers translated at the adapters (StoreUnavailableError), nothing above knows an errno', () => {
  it('recognises every way a driver says the database is unreachable', () => {
    for (const error of UNREACHABLE) expect(isDriverUnreachable(error), error.message).to.equal(true);
  });

  it('keeps a genuine fault apart: a constraint violation, a bug, a non-object, another SQLSTATE class', () => {
    const violation = new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key'), { code: '23505' }));
    for (const error of [violation, new TypeError('x is undefined'), errno('57P04'), errno('EACCES'), null, 'ECONNREFUSED', new AggregateError([new Error('a')])]) {
      expect(isDriverUnreachable(error), String(error)).to.equal(false);
    }
  });

  it('translates an outage into StoreUnavailableError with the driver error as cause; anything else stays as it was', () => {
    const refused = errno('ECONNREFUSED');
    const translated = translatedStoreError(refused) as StoreUnavailableError;
    expect(translated).to.be.instanceOf(StoreUnavailableError);
    expect([translated.code, translated.message, translated.cause]).to.deep.equal(['STORE_UNAVAILABLE', 'the shared store is unreachable', refused]);
    const bug = new TypeError('x is undefined');
    expect(translatedStoreError(bug)).to.equal(bug);
    const already = new StoreUnavailableError('module x threw');
    expect(translatedStoreError(already)).to.equal(already);
  });

  it('wraps an adapter: its promises reject translated, its throws are translated, its values and other errors pass unchanged', async () => {
    class FakeStore {
      readonly name = 'fake';
      private calls = 0;
      async find(id: string): Promise<string> {
        this.calls++;
        if (id === 'down') throw errno('ECONNREFUSED');
        if (id === 'bug') throw new RangeError('bad id');
        return `found ${id} after ${this.calls}`;
      }
      syncDown(): never {
        throw errno('ECONNRESET');
      }
      plain(): number {
        return 42;
      }
    }
    const store = translatingStoreErrors(new FakeStore());
    expect(store).to.be.instanceOf(FakeStore);
    expect(store.name).to.equal('fake');
    expect(await store.find('a')).to.equal('found a after 1');
    expect(await store.find('b'), 'methods run on the adapter itself (its private state)').to.equal('found b after 2');
    expect(await store.find('down').catch((error: unknown) => error)).to.be.instanceOf(StoreUnavailableError);
    expect(await store.find('bug').catch((error: unknown) => error)).to.be.instanceOf(RangeError);
    expect(() => store.syncDown()).to.throw(StoreUnavailableError);
    expect(store.plain()).to.equal(42);
    expect(store.find, 'one wrapper per method, not one per call').to.equal(store.find);
  });
});

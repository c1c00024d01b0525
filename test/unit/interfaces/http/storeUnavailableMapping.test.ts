import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { KeyUnavailableError, RevocationStaleError } from '../../../../src/domain/errors';
import { isStoreUnavailable, mappingFor } from '../../../../src/interfaces/http/errorMapper';
import { DatabaseUnavailableError } from '../../../../src/infrastructure/persistence/DatabaseUnavailableError';

/** What node-postgres and TypeORM throw when the database cannot be reached. */
function errno(code: string, message = `connect ${code} 127.0.0.1:5432`): Error {
  return Object.assign(new Error(message), { code });
}

describe('error mapping while the store or the revocations are out of reach', () => {
  it('answers 503 with Retry-After, not 500, for every way a driver says the database is unreachable', () => {
    const unreachable = [
      errno('ECONNREFUSED'),
      errno('ECONNRESET', 'read ECONNRESET'),
      new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')]),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      new DatabaseUnavailableError('could not open the postgres database within 30 s'),
    ];
    for (const error of unreachable) {
      expect(isStoreUnavailable(error), error.message).to.equal(true);
      expect(mappingFor(error)).to.deep.include({ status: 503, headers: { 'Retry-After': '5' } });
    }
  });

  it('keeps a genuine fault at 500 (a constraint violation is no outage)', () => {
    const violation = new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(isStoreUnavailable(violation)).to.equal(false);
    expect(mappingFor(violation).status).to.equal(500);
    expect(mappingFor(new TypeError('x is undefined')).status).to.equal(500);
  });

  it('answers REVOCATION_STALE as KEY_UNAVAILABLE is answered: 503 with Retry-After', () => {
    expect(mappingFor(new RevocationStaleError())).to.deep.include({ status: 503, headers: { 'Retry-After': '30' } });
    expect(mappingFor(new KeyUnavailableError()).status).to.equal(503);
  });
});

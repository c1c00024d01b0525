import { expect } from 'chai';
import { QueryFailedError } from 'typeorm';
import { KeyUnavailableError, RevocationStaleError, StoreUnavailableError } from '../../../../src/domain/errors';
import { mappingFor } from '../../../../src/interfaces/http/errorMapper';

describe('error mapping while the store or the revocations are out of reach', () => {
  it('answers StoreUnavailableError (what the adapters raise for every way a driver says unreachable) with 503 and Retry-After, not 500', () => {
    expect(mappingFor(new StoreUnavailableError())).to.deep.include({ status: 503, headers: { 'Retry-After': '5' } });
  });

  it('keeps a genuine fault at 500, and knows no driver: a raw errno that reached it untranslated is a fault too', () => {
    const violation = new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(mappingFor(violation).status).to.equal(500);
    expect(mappingFor(new TypeError('x is undefined')).status).to.equal(500);
    expect(mappingFor(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).status).to.equal(500);
  });

  it('answers REVOCATION_STALE as KEY_UNAVAILABLE is answered: 503 with Retry-After', () => {
    expect(mappingFor(new RevocationStaleError())).to.deep.include({ status: 503, headers: { 'Retry-After': '30' } });
    expect(mappingFor(new KeyUnavailableError()).status).to.equal(503);
  });
});

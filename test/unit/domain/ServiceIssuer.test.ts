import { expect } from 'chai';
import { ServiceIssuer } from '../../../src/domain/model/ServiceIssuer';

describe('ServiceIssuer', () => {
  it('refuses to be read before start-up has settled it', () => {
    const issuer = new ServiceIssuer();

    expect(() => issuer.value).to.throw(Error, 'the issuer is settled at start-up, before anything signs or verifies');
  });

  it('answers the settled issuer on every read, and a later setting replaces it', () => {
    const issuer = new ServiceIssuer();
    const read = (): string => issuer.value;

    issuer.use('https://auth.example');
    expect(read()).to.equal('https://auth.example');
    expect(read()).to.equal('https://auth.example');

    issuer.use('https://other.example');
    expect(read()).to.equal('https://other.example');
  });
});

import { expect } from 'chai';
import { passkeyIssuerWarning, passkeyRelyingParty } from '../../../../src/interfaces/composition/passkeyIssuerWarning';

describe('passkeyIssuerWarning and passkeyRelyingParty', () => {
  it('takes the issuer host as RP ID, its origin, and host with port as the name', () => {
    expect(passkeyRelyingParty('https://auth.example:8443/auth')).to.deep.equal({ id: 'auth.example', origin: 'https://auth.example:8443', name: 'auth.example:8443' });
    expect(passkeyIssuerWarning('https://auth.example/auth')).to.equal(null);
  });

  it('warns for an IP issuer and still names its host (the browser refuses it)', () => {
    expect(passkeyIssuerWarning('http://10.1.2.3/auth')).to.match(/^the issuer http:\/\/10\.1\.2\.3\/auth is on an IP address/);
    expect(passkeyRelyingParty('http://10.1.2.3:80/auth')).to.deep.equal({ id: '10.1.2.3', origin: 'http://10.1.2.3', name: '10.1.2.3' });
  });
});

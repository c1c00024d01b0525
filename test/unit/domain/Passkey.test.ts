import { expect } from 'chai';
import { counterAccepted, passkeyLabelOf, passkeyMethod, PASSKEY_LABEL_MAX, relyingPartyOf } from '../../../src/domain/model/Passkey';

describe('Passkey', () => {
  it('accepts a counter that grows, or two zeros (an authenticator that keeps none)', () => {
    expect(counterAccepted(0, 0)).to.equal(true);
    expect(counterAccepted(0, 1)).to.equal(true);
    expect(counterAccepted(5, 6)).to.equal(true);
  });

  it('refuses a counter that stays or goes back (a cloned authenticator), zero after a count included', () => {
    expect(counterAccepted(5, 5)).to.equal(false);
    expect(counterAccepted(5, 4)).to.equal(false);
    expect(counterAccepted(5, 0)).to.equal(false);
    expect(counterAccepted(1, 0)).to.equal(false);
  });

  it('names a synced passkey a software key and a device-bound one a hardware key', () => {
    expect(passkeyMethod({ synced: true })).to.equal('swk');
    expect(passkeyMethod({ synced: false })).to.equal('hwk');
  });

  it('trims and cuts a label, falling back when nothing is left', () => {
    expect(passkeyLabelOf('  Laptop  ', 'Passkey')).to.equal('Laptop');
    expect(passkeyLabelOf('   ', 'Passkey')).to.equal('Passkey');
    expect(passkeyLabelOf('x'.repeat(PASSKEY_LABEL_MAX + 5), 'Passkey')).to.equal('x'.repeat(PASSKEY_LABEL_MAX));
    expect(PASSKEY_LABEL_MAX).to.equal(64);
  });

  it('takes the issuer host as the RP ID and its origin, port included', () => {
    expect(relyingPartyOf('https://auth.example/base')).to.deep.equal({ id: 'auth.example', origin: 'https://auth.example' });
    expect(relyingPartyOf('http://localhost:3000')).to.deep.equal({ id: 'localhost', origin: 'http://localhost:3000' });
    expect(relyingPartyOf('https://10.0.0.1.example')).to.deep.equal({ id: '10.0.0.1.example', origin: 'https://10.0.0.1.example' });
  });

  it('has no relying party for an issuer on an IP address', () => {
    expect(relyingPartyOf('http://127.0.0.1:3000')).to.equal(null);
    expect(relyingPartyOf('http://[::1]:3000')).to.equal(null);
    expect(relyingPartyOf('https://192.168.100.200')).to.equal(null);
  });
});

import { expect } from 'chai';
import {
  ACR_MFA,
  ACR_PASSWORD,
  ACR_PHISHING_RESISTANT,
  authenticationOf,
  higherAcr,
  isAcr,
  passkeyAloneAuthentication,
  PASSWORD_ONLY,
  requestedAcr,
  satisfiesAcr,
} from '../../../src/domain/model/AuthenticationLevel';

describe('AuthenticationLevel', () => {
  it('lets a higher level satisfy a lower request and never the other way round', () => {
    expect(satisfiesAcr(ACR_PASSWORD, ACR_PASSWORD)).to.equal(true);
    expect(satisfiesAcr(ACR_MFA, ACR_PASSWORD)).to.equal(true);
    expect(satisfiesAcr(ACR_PHISHING_RESISTANT, ACR_MFA)).to.equal(true);
    expect(satisfiesAcr(ACR_MFA, ACR_MFA)).to.equal(true);
    expect(satisfiesAcr(ACR_PASSWORD, ACR_MFA)).to.equal(false);
    expect(satisfiesAcr(ACR_MFA, ACR_PHISHING_RESISTANT)).to.equal(false);
  });

  it('counts a passkey alone (user verified) as multi-factor and phishing-resistant', () => {
    expect(passkeyAloneAuthentication('hwk')).to.deep.equal({ amr: ['hwk', 'mfa'], acr: ACR_PHISHING_RESISTANT });
    expect(passkeyAloneAuthentication('swk')).to.deep.equal({ amr: ['swk', 'mfa'], acr: ACR_PHISHING_RESISTANT });
  });

  it('answers the higher of two levels', () => {
    expect(higherAcr(ACR_PASSWORD, ACR_MFA)).to.equal(ACR_MFA);
    expect(higherAcr(ACR_PHISHING_RESISTANT, ACR_MFA)).to.equal(ACR_PHISHING_RESISTANT);
    expect(higherAcr(ACR_MFA, ACR_MFA)).to.equal(ACR_MFA);
  });

  it('knows only its own three URNs', () => {
    expect(isAcr(ACR_MFA)).to.equal(true);
    expect(isAcr('urn:mace:incommon:iap:silver')).to.equal(false);
  });

  it('takes the lowest known acr_values entry as the request, ignoring unknown ones', () => {
    expect(requestedAcr([ACR_PHISHING_RESISTANT, ACR_MFA])).to.equal(ACR_MFA);
    expect(requestedAcr([ACR_MFA, ACR_PHISHING_RESISTANT])).to.equal(ACR_MFA);
    expect(requestedAcr(['other', ACR_PHISHING_RESISTANT])).to.equal(ACR_PHISHING_RESISTANT);
    expect(requestedAcr(['other'])).to.equal(null);
    expect(requestedAcr([])).to.equal(null);
  });

  it('makes a password alone the password level, amr pwd', () => {
    expect(PASSWORD_ONLY).to.deep.equal({ amr: ['pwd'], acr: ACR_PASSWORD });
    expect(authenticationOf(['pwd'])).to.deep.equal({ amr: ['pwd'], acr: ACR_PASSWORD });
  });

  it('makes a password and a code mfa (RFC 8176 pwd, otp, mfa)', () => {
    expect(authenticationOf(['pwd', 'otp'])).to.deep.equal({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA });
    expect(authenticationOf(['pwd', 'otp', 'otp'])).to.deep.equal({ amr: ['pwd', 'otp', 'mfa'], acr: ACR_MFA });
  });

  it('makes a passkey phishing-resistant, alone or after a password', () => {
    expect(authenticationOf(['hwk'])).to.deep.equal({ amr: ['hwk'], acr: ACR_PHISHING_RESISTANT });
    expect(authenticationOf(['swk'])).to.deep.equal({ amr: ['swk'], acr: ACR_PHISHING_RESISTANT });
    expect(authenticationOf(['pwd', 'hwk'])).to.deep.equal({ amr: ['pwd', 'hwk', 'mfa'], acr: ACR_PHISHING_RESISTANT });
  });

  it('keeps a code alone (no password) at the password level', () => {
    expect(authenticationOf(['otp'])).to.deep.equal({ amr: ['otp'], acr: ACR_PASSWORD });
  });
});

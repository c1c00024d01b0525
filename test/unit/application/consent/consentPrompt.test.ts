import { expect } from 'chai';
import { consentReason, consentRequired } from '../../../../src/application/consent/consentPrompt';
import { registeredClient } from '../../../support/oauthClients';

const THIRD = registeredClient({ id: 'third', kind: 'public', redirectUris: ['https://third.example/cb'] });
const OWN = { ...THIRD, firstParty: true };
const granted = (...scopes: string[]) => ({ scopes, resources: [] });

describe('consentReason (when the consent page is shown)', () => {
  it('never for a first-party client, whatever was approved or prompted', () => {
    expect(consentReason({ client: OWN, request: { granted: granted('openid'), prompts: ['consent'] }, approved: null })).to.equal(null);
  });

  it('for a client the user never approved, even for no scope at all', () => {
    expect(consentReason({ client: THIRD, request: { granted: granted() }, approved: null })).to.equal('not_approved');
    expect(consentReason({ client: THIRD, request: { granted: granted('openid') }, approved: null })).to.equal('not_approved');
  });

  it('not for scopes all approved before (a subset of them included), nor for no scope once the client is approved', () => {
    expect(consentReason({ client: THIRD, request: { granted: granted('openid', 'email') }, approved: ['email', 'openid', 'profile'] })).to.equal(null);
    expect(consentReason({ client: THIRD, request: { granted: granted() }, approved: [] })).to.equal(null);
    expect(consentReason({ client: THIRD, request: { granted: granted('openid'), prompts: ['login', 'none'] }, approved: ['openid'] })).to.equal(null);
  });

  it('for a scope not approved yet', () => {
    expect(consentReason({ client: THIRD, request: { granted: granted('openid', 'phone') }, approved: ['openid'] })).to.equal('scopes_missing');
    expect(consentReason({ client: THIRD, request: { granted: granted('phone') }, approved: [] })).to.equal('scopes_missing');
  });

  it('for prompt=consent, before anything else', () => {
    expect(consentReason({ client: THIRD, request: { granted: granted('openid'), prompts: ['consent'] }, approved: ['openid'] })).to.equal('consent_prompted');
    expect(consentReason({ client: THIRD, request: { granted: granted('openid'), prompts: ['login', 'consent'] }, approved: null })).to.equal('consent_prompted');
  });

  it('consentRequired: consent_required under prompt=none, saying why for each reason', () => {
    expect(consentRequired('not_approved')).to.deep.include({ code: 'AUTHORIZATION_REQUEST_REFUSED', error: 'consent_required', description: 'the user must approve the request' });
    expect(consentRequired('scopes_missing')).to.deep.include({ error: 'consent_required', description: 'the user must approve the scopes not approved yet' });
    expect(consentRequired('consent_prompted')).to.deep.include({ error: 'consent_required', description: 'the user must approve the request again' });
  });
});

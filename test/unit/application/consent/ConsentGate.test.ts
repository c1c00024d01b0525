import { expect } from 'chai';
import { ConsentGate } from '../../../../src/application/consent/ConsentGate';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const USER = { id: 'u-7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const THIRD = registeredClient({ id: 'third', kind: 'public', redirectUris: ['https://third.example/cb'] });
const granted = (...scopes: string[]) => ({ scopes, resources: [] });

describe('ConsentGate (the consent step on the shared store)', () => {
  let consents: InMemoryConsentStore;
  let gate: ConsentGate;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    consents = new InMemoryConsentStore();
    trail = new RecordingAuditTrail();
    gate = new ConsentGate(consents, new FixedClock('2026-01-01T00:00:00.900Z'), trail);
  });

  it('asks until the user approves, remembering per user and client the scopes approved, at the whole second', async () => {
    expect(await gate.reason(THIRD, USER, { granted: granted('openid') })).to.equal('not_approved');
    await gate.approve(THIRD, USER, { granted: granted('openid', 'profile') });
    expect(consents.calls.at(-1)).to.deep.equal(['approve', 'u-7', 'third', ['openid', 'profile'], 1767225600]);
    expect(trail.events).to.deep.equal([
      { type: 'consent.granted', outcome: 'success', account: USER.account, client: 'third', details: { subject: 'u-7', scopes: ['openid', 'profile'] } },
    ]);
    expect(await gate.reason(THIRD, USER, { granted: granted('profile') })).to.equal(null);
    expect(await gate.reason(THIRD, { ...USER, id: 'u-8' }, { granted: granted('profile') })).to.equal('not_approved');
    expect(await gate.reason({ ...THIRD, id: 'other' }, USER, { granted: granted('profile') })).to.equal('not_approved');
    expect(await gate.reason(THIRD, USER, { granted: granted('profile', 'email') })).to.equal('scopes_missing');
  });

  it('adds a later approval to the earlier one', async () => {
    await gate.approve(THIRD, USER, { granted: granted('openid') });
    await gate.approve(THIRD, USER, { granted: granted('email') });
    expect(await gate.reason(THIRD, USER, { granted: granted('openid', 'email') })).to.equal(null);
  });

  it('does not look a first-party client up at all', async () => {
    expect(await gate.reason({ ...THIRD, firstParty: true }, USER, { granted: granted('openid') })).to.equal(null);
    expect(consents.calls).to.deep.equal([]);
  });
});

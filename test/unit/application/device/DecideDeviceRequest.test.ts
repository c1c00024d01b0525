import { expect } from 'chai';
import { ConsentGate } from '../../../../src/application/consent/ConsentGate';
import { DecideDeviceRequest } from '../../../../src/application/device/DecideDeviceRequest';
import type { ConsumeInteractionInput, ConsumedPage } from '../../../../src/application/interaction/Interactions';
import { UnknownUserCodeError } from '../../../../src/domain/deviceErrors';
import { InteractionNotFoundError } from '../../../../src/domain/interactionErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { DEVICE_CODE_GRANT, type DeviceAuthorization } from '../../../../src/domain/model/DeviceAuthorization';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryDeviceAuthorizationStore } from '../../../support/InMemoryDeviceAuthorizationStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { registeredClient } from '../../../support/oauthClients';
import { rejection } from '../../../support/rejection';

const NOW = 1767225600; // 2026-01-01T00:00:00Z
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const TV = registeredClient({ id: 'tv', kind: 'public', redirectUris: [], grants: [DEVICE_CODE_GRANT] });
const PAGE: ConsumedPage = { uid: 'page-1', kind: 'device', user: USER, clientId: 'tv', authTime: NOW - 60, createdAt: NOW - 10, expiresAt: NOW + 590, authentication: { acr: 'urn:x:2fa', amr: ['pwd', 'otp'] } as never };

/** Interactions.consume as a list of answers: the page, or the refusal. */
class ScriptedPages {
  readonly asked: ConsumeInteractionInput[] = [];
  refusal: Error | null = null;
  async consume(input: ConsumeInteractionInput): Promise<ConsumedPage> {
    this.asked.push(input);
    if (this.refusal !== null) throw this.refusal;
    return PAGE;
  }
}

describe('DecideDeviceRequest (the device approval page\'s answer)', () => {
  let store: InMemoryDeviceAuthorizationStore;
  let pages: ScriptedPages;
  let consents: InMemoryConsentStore;
  let trail: RecordingAuditTrail;
  let clock: FixedClock;
  let use: DecideDeviceRequest;

  beforeEach(async () => {
    store = new InMemoryDeviceAuthorizationStore();
    pages = new ScriptedPages();
    consents = new InMemoryConsentStore();
    trail = new RecordingAuditTrail();
    clock = new FixedClock('2026-01-01T00:00:00Z');
    use = new DecideDeviceRequest(pages, store, new ConsentGate(consents, clock, trail), clock, trail);
    await given();
  });

  async function given(request: Partial<DeviceAuthorization> = {}): Promise<void> {
    await store.add({
      deviceCode: 'device-1',
      userCode: 'BCDFGHJK',
      clientId: 'tv',
      granted: { scopes: ['profile'], resources: [] },
      createdAt: NOW,
      expiresAt: NOW + 600,
      interval: 5,
      lastPolledAt: null,
      decision: 'pending',
      ...request,
    });
  }
  const answer = (approve: boolean) => use.execute({ client: TV, userCode: 'BCDFGHJK', approve, uid: 'page-1', session: 'cookie' });

  it('uses the page up as a device page of this client in this session, then approves for the signed-in user and records the consent', async () => {
    expect(await answer(true)).to.equal(PAGE);
    expect(pages.asked).to.deep.equal([{ uid: 'page-1', session: 'cookie', kind: 'device', clientId: 'tv' }]);
    expect(store.requests.get('device-1')).to.deep.include({ decision: 'approved', approval: { user: USER, authTime: NOW - 60, authentication: PAGE.authentication } });
    expect(await consents.find('7', 'tv')).to.deep.equal(['profile']);
    expect(trail.ofType('device.approved')).to.deep.equal([{ type: 'device.approved', outcome: 'success', account: 'alice', client: 'tv', details: { subject: '7', scopes: ['profile'] } }]);
  });

  it('denies: nothing approved, no consent recorded', async () => {
    await answer(false);
    expect(store.decisions).to.deep.equal([{ approved: false }]);
    expect(store.requests.get('device-1')).to.deep.include({ decision: 'denied' });
    expect(store.requests.get('device-1')).not.to.have.property('approval');
    expect(await consents.find('7', 'tv')).to.equal(null);
    expect(trail.ofType('device.denied')).to.have.length(1);
  });

  it('keeps the approval without authentication when the sign-in proved only a password', async () => {
    const { authentication: _none, ...passwordOnly } = PAGE;
    pages.consume = async () => passwordOnly;
    await answer(true);
    expect(store.requests.get('device-1')!.approval).to.deep.equal({ user: USER, authTime: NOW - 60 });
  });

  it('a refused page decides nothing', async () => {
    pages.refusal = new InteractionNotFoundError();
    expect(await rejection(answer(true))).to.be.instanceOf(InteractionNotFoundError);
    expect(store.requests.get('device-1')).to.deep.include({ decision: 'pending' });
  });

  it('a code decided already (at another instance), expired, unknown or of another client is UnknownUserCodeError', async () => {
    await store.decide('BCDFGHJK', { approved: false });
    expect(await rejection(answer(true))).to.be.instanceOf(UnknownUserCodeError);
    expect(await consents.find('7', 'tv')).to.equal(null);
    store.requests.clear();
    expect(await rejection(answer(true))).to.be.instanceOf(UnknownUserCodeError);
    await given({ expiresAt: NOW });
    expect(await rejection(answer(true))).to.be.instanceOf(UnknownUserCodeError);
    store.requests.clear();
    await given({ clientId: 'other' });
    expect(await rejection(answer(true))).to.be.instanceOf(UnknownUserCodeError);
    expect(trail.events).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { BackchannelLogout } from '../../../../src/application/logout/BackchannelLogout';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryBackchannelDeliveryStore } from '../../../support/InMemoryBackchannelDeliveryStore';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { registeredClient } from '../../../support/oauthClients';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const NOW = 1767225600; // the FixedClock's start
const ALICE = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const client = (id: string, extra: object = {}) => registeredClient({ id, kind: 'confidential', redirectUris: [`https://${id}.example/cb`], ...extra });
const CLIENTS = [
  client('web', { backchannelLogoutUri: 'https://web.example/bcl' }),
  client('strict', { backchannelLogoutUri: 'https://strict.example/bcl', backchannelLogoutSessionRequired: true }),
  client('deaf'),
];

describe('BackchannelLogout: which clients a logout token is queued for', () => {
  let sessions: InMemorySignInSessionStore;
  let consents: InMemoryConsentStore;
  let queue: InMemoryBackchannelDeliveryStore;
  let families: InMemoryRefreshTokenStore;
  let logouts: BackchannelLogout;

  beforeEach(async () => {
    sessions = new InMemorySignInSessionStore();
    consents = new InMemoryConsentStore();
    queue = new InMemoryBackchannelDeliveryStore();
    families = new InMemoryRefreshTokenStore();
    logouts = new BackchannelLogout(sessions, consents, families, new InMemoryOAuthClientStore(CLIENTS.map((c) => ({ client: c }))), queue, new SequenceIdGenerator(), new FixedClock());
  });
  const queued = () => [...queue.rows.values()];

  it("a session's end: one delivery, due now, per client the session issued codes to that takes logout tokens", async () => {
    for (const clientId of ['web', 'strict', 'deaf', 'removed']) await sessions.addClient('sid-1', ALICE.id, clientId, NOW + 3600);
    await sessions.addClient('sid-2', ALICE.id, 'web', NOW + 3600);
    await logouts.sessionEnded({ user: ALICE, authTime: NOW, expiresAt: NOW + 3600, sid: 'sid-1' });
    expect(queued()).to.deep.equal([
      { id: 'id-1', clientId: 'web', subject: '7', sid: 'sid-1', attempts: 0, dueAt: NOW },
      { id: 'id-2', clientId: 'strict', subject: '7', sid: 'sid-1', attempts: 0, dueAt: NOW },
    ]);
  });

  it('a session without a sid (from before sids) queues nothing', async () => {
    await sessions.addClient('sid-1', ALICE.id, 'web', NOW + 3600);
    await logouts.sessionEnded({ user: ALICE, authTime: NOW, expiresAt: NOW + 3600 });
    expect(queued()).to.deep.equal([]);
  });

  it("a lock-out: the user's sessions' clients with their sid, consented clients with sub alone unless they need a sid", async () => {
    await sessions.addClient('sid-1', ALICE.id, 'web', NOW + 3600);
    await sessions.addClient('sid-3', '8', 'web', NOW + 3600);
    for (const clientId of ['web', 'strict', 'deaf']) await consents.approve(ALICE.id, clientId, ['openid'], NOW);
    await logouts.revokeSubject(ALICE.id);
    expect(queued()).to.deep.equal([{ id: 'id-1', clientId: 'web', subject: '7', sid: 'sid-1', attempts: 0, dueAt: NOW }]);
    queue.rows.clear();
    await sessions.revokeSubject(ALICE.id);
    await logouts.revokeSubject(ALICE.id);
    expect(queued(), 'no session left: the consent alone, no sid').to.deep.equal([{ id: 'id-2', clientId: 'web', subject: '7', sid: null, attempts: 0, dueAt: NOW }]);
  });

  it("a lock-out: the user's live refresh families' clients with the family's sid, each client and session once", async () => {
    const family = (familyId: string, clientId: string | null, sid?: string, subject = ALICE.id) => ({
      familyId, subject, clientId, user: ALICE, granted: { scopes: [], resources: [] }, authTime: NOW, ...(sid === undefined ? {} : { sid }), createdAt: NOW, expiresAt: NOW + 9999, lastUsedAt: NOW, revoked: false,
    });
    const access = { jti: 'j', expiresAt: NOW + 60, subject: ALICE.id, issuedAt: NOW };
    await families.startFamily(family('f1', 'strict', 'sid-1'), 't1', access);
    await families.startFamily(family('f2', 'web'), 't2', access);
    await families.startFamily(family('f3', 'web', 'sid-1'), 't3', access);
    await families.startFamily(family('f4', null), 't4', access);
    await families.startFamily(family('f5', 'web', 'sid-9', '8'), 't5', access);
    await families.startFamily(family('ended', 'strict', 'sid-0'), 't6', access);
    await families.revokeFamily('ended', NOW);
    await sessions.addClient('sid-1', ALICE.id, 'web', NOW + 3600);
    await consents.approve(ALICE.id, 'web', ['openid'], NOW);
    await logouts.revokeSubject(ALICE.id);
    expect(queued().map(({ clientId, sid }) => ({ clientId, sid }))).to.deep.equal([
      { clientId: 'web', sid: 'sid-1' },
      { clientId: 'strict', sid: 'sid-1' },
      { clientId: 'web', sid: null },
    ]);
  });
});

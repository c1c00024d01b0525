import { expect } from 'chai';
import { RaiseAccountSession } from '../../../../src/application/account/RaiseAccountSession';
import { authenticationOf, PASSWORD_ONLY } from '../../../../src/domain/model/AuthenticationLevel';
import { accountSessionOf } from '../../../support/accountSessionOf';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryPasskeyStore } from '../../../support/InMemoryPasskeyStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';

describe('RaiseAccountSession', () => {
  const clock = new FixedClock('2026-01-01T00:00:00Z');
  const now = clock.now().getTime() / 1000;
  const session = accountSessionOf('alice');
  let sessions: InMemorySignInSessionStore;
  let passkeys: InMemoryPasskeyStore;
  let raise: RaiseAccountSession;

  beforeEach(async () => {
    sessions = new InMemorySignInSessionStore();
    passkeys = new InMemoryPasskeyStore();
    raise = new RaiseAccountSession(sessions, passkeys, clock);
    await sessions.create(session.token, { user: session.user, authTime: now - 100, expiresAt: now + 100, sid: session.sid });
    await passkeys.addPasskey(session.user.id, 'pk-device', { credentialId: 'c1', publicKey: 'k', counter: 0, synced: false, transports: [] }, 'Key', clock.now());
    await passkeys.addPasskey(session.user.id, 'pk-synced', { credentialId: 'c2', publicKey: 'k', counter: 0, synced: true, transports: [] }, 'Phone', clock.now());
  });

  const stored = async () => (await sessions.find(session.token, now))!;

  it('raises a password session to pwd otp mfa once TOTP is confirmed, signed in now', async () => {
    await raise.execute({ session, proved: { kind: 'totp' } });
    expect(await stored()).to.deep.include({ authentication: authenticationOf(['pwd', 'otp']), authTime: now });
  });

  it('raises it to the passkey\'s method: hwk for a device-bound key, swk for a synced one', async () => {
    await raise.execute({ session, proved: { kind: 'passkey', factorId: 'pk-device' } });
    expect((await stored()).authentication).to.deep.equal(authenticationOf(['pwd', 'hwk']));
    await sessions.raise(session.token, PASSWORD_ONLY, now - 100);
    await raise.execute({ session, proved: { kind: 'passkey', factorId: 'pk-synced' } });
    expect((await stored()).authentication).to.deep.equal(authenticationOf(['pwd', 'swk']));
  });

  it('leaves a session at that level or higher as it is, and raises nothing for a passkey gone meanwhile', async () => {
    const strong = { ...session, authentication: authenticationOf(['pwd', 'hwk']) };
    await raise.execute({ session: strong, proved: { kind: 'totp' } });
    await raise.execute({ session: { ...session, authentication: authenticationOf(['pwd', 'otp']) }, proved: { kind: 'totp' } });
    await raise.execute({ session, proved: { kind: 'passkey', factorId: 'gone' } });
    expect(await stored()).to.deep.include({ authTime: now - 100 });
    expect((await stored()).authentication).to.equal(undefined);
  });
});

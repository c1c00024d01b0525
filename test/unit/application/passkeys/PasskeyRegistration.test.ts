import { expect } from 'chai';
import { FinishPasskeyRegistration } from '../../../../src/application/passkeys/FinishPasskeyRegistration';
import { StartPasskeyRegistration } from '../../../../src/application/passkeys/StartPasskeyRegistration';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { PasskeyRegistrationError } from '../../../../src/domain/passkeyErrors';
import { fakeResponse } from '../../../support/FakeWebAuthnCeremonies';
import { passkeyRig } from '../../../support/passkeyRig';
import { rejection } from '../../../support/rejection';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const USER: AuthenticatedUser = { id: 'u1', account: 'alice', nickName: 'A', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

describe('StartPasskeyRegistration and FinishPasskeyRegistration', () => {
  let rig: ReturnType<typeof passkeyRig>;
  let start: StartPasskeyRegistration;
  let finish: FinishPasskeyRegistration;

  beforeEach(() => {
    rig = passkeyRig();
    start = new StartPasskeyRegistration(rig.parts, rig.store, rig.clock);
    finish = new FinishPasskeyRegistration(rig.parts, rig.store, new SequenceIdGenerator(), rig.clock);
  });

  it('offers options for the user, excluding the passkeys held, and keeps the challenge five minutes for the session', async () => {
    await rig.store.addPasskey(USER.id, 'f0', { credentialId: 'held', publicKey: 'pk', counter: 0, synced: false, transports: [] }, 'Old', new Date(0));
    const options = await start.execute({ user: USER, sessionId: 's1' });
    expect(options).to.deep.equal({ challenge: 'challenge-1', rp: 'auth.example', user: 'alice', exclude: ['held'] });
    expect(rig.challenges.challenges.get('register:u1:s1')).to.deep.equal({ challenge: 'challenge-1', expiresAt: new Date('2026-01-01T00:05:00Z') });
  });

  it('stores the verified passkey under its name, once', async () => {
    await start.execute({ user: USER, sessionId: 's1' });
    const id = await finish.execute({ user: USER, sessionId: 's1', response: fakeResponse('challenge-1'), label: ' Laptop ' });
    expect(id).to.equal('id-1');
    expect(rig.store.passkeys).to.deep.equal([
      { credentialId: 'cred-1', publicKey: 'pk-1', counter: 1, synced: false, transports: ['internal'], factorId: 'id-1', userId: 'u1', label: 'Laptop', createdAt: rig.clock.now() },
    ]);
    const again = await rejection(finish.execute({ user: USER, sessionId: 's1', response: fakeResponse('challenge-1'), label: 'x' }));
    expect(again).to.be.instanceOf(PasskeyRegistrationError);
    expect(rig.store.passkeys).to.have.length(1);
  });

  it('names an unnamed passkey Passkey', async () => {
    await start.execute({ user: USER, sessionId: 's1' });
    await finish.execute({ user: USER, sessionId: 's1', response: fakeResponse('challenge-1'), label: '' });
    expect(rig.store.passkeys[0].label).to.equal('Passkey');
  });

  it('refuses an answer from another session or user, and after the challenge expired, without verifying it', async () => {
    await start.execute({ user: USER, sessionId: 's1' });
    const unstarted = await rejection(finish.execute({ user: USER, sessionId: 's2', response: fakeResponse('challenge-1'), label: 'x' }));
    expect(unstarted).to.be.instanceOf(PasskeyRegistrationError).with.property('detail', 'no registration was started from this session, or it expired');
    expect(rig.ceremonies.verifications).to.equal(0);
    expect(await rejection(finish.execute({ user: { ...USER, id: 'u2' }, sessionId: 's1', response: fakeResponse('challenge-1'), label: 'x' }))).to.be.instanceOf(
      PasskeyRegistrationError,
    );
    await start.execute({ user: USER, sessionId: 's3' });
    rig.clock.advanceSeconds(300);
    const error = await rejection(finish.execute({ user: USER, sessionId: 's3', response: fakeResponse('challenge-2'), label: 'x' }));
    expect(error).to.be.instanceOf(PasskeyRegistrationError).with.property('code', 'PASSKEY_REGISTRATION');
    expect(rig.store.passkeys).to.deep.equal([]);
  });

  it('refuses a response for another origin, RP ID or challenge, and spends the challenge doing so', async () => {
    for (const spoilt of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { challenge: 'other' }]) {
      await start.execute({ user: USER, sessionId: 's1' });
      const challenge = rig.challenges.challenges.get('register:u1:s1')?.challenge ?? '';
      const error = await rejection(finish.execute({ user: USER, sessionId: 's1', response: fakeResponse(challenge, spoilt), label: 'x' }));
      expect(error).to.be.instanceOf(PasskeyRegistrationError).with.property('detail', 'the registration response did not verify');
      expect(rig.challenges.challenges.has('register:u1:s1')).to.equal(false);
    }
    expect(rig.store.passkeys).to.deep.equal([]);
  });

  it('refuses a credential registered already (by anyone)', async () => {
    await rig.store.addPasskey('u2', 'f0', { credentialId: 'cred-1', publicKey: 'pk', counter: 0, synced: false, transports: [] }, 'Theirs', new Date(0));
    await start.execute({ user: USER, sessionId: 's1' });
    const error = await rejection(finish.execute({ user: USER, sessionId: 's1', response: fakeResponse('challenge-1'), label: 'x' }));
    expect(error).to.be.instanceOf(PasskeyRegistrationError).with.property('detail', 'the credential is registered already');
    expect(await rig.store.passkeysOf(USER.id)).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { PasskeyProofCheck } from '../../../../src/application/passkeys/PasskeyProofCheck';
import { StartPasskeySignIn } from '../../../../src/application/passkeys/StartPasskeySignIn';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import type { SecondFactorProof } from '../../../../src/domain/model/SecondFactor';
import { fakeResponse, type FakeCredentialResponse } from '../../../support/FakeWebAuthnCeremonies';
import { passkeyRig } from '../../../support/passkeyRig';

const USER: AuthenticatedUser = { id: 'u1', account: 'alice', nickName: 'A', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

describe('StartPasskeySignIn and PasskeyProofCheck (a passkey as the second factor)', () => {
  let rig: ReturnType<typeof passkeyRig>;
  let start: StartPasskeySignIn;
  let check: PasskeyProofCheck;

  beforeEach(async () => {
    rig = passkeyRig();
    start = new StartPasskeySignIn(rig.parts, rig.store, rig.clock);
    check = new PasskeyProofCheck(rig.assertions);
    await rig.store.addPasskey(USER.id, 'f1', { credentialId: 'cred-1', publicKey: 'pk-1', counter: 3, synced: false, transports: [] }, 'Laptop', new Date(0));
    await rig.store.addPasskey('u2', 'f2', { credentialId: 'cred-2', publicKey: 'pk-2', counter: 0, synced: true, transports: [] }, 'Phone', new Date(0));
  });

  async function proofFor(overrides: Partial<FakeCredentialResponse> = {}, interactionId = 'i1') {
    await start.execute({ interactionId: 'i1', userId: USER.id });
    return { kind: 'passkey' as const, assertion: { interactionId, response: fakeResponse('challenge-1', { counter: 4, ...overrides }) } };
  }

  it('offers the user\'s passkeys, or none (a discoverable credential) without a user, the challenge bound to the interaction', async () => {
    expect(await start.execute({ interactionId: 'i1', userId: USER.id })).to.deep.equal({ challenge: 'challenge-1', rp: 'auth.example', allow: ['cred-1'] });
    expect(await start.execute({ interactionId: 'i2' })).to.deep.equal({ challenge: 'challenge-2', rp: 'auth.example', allow: [] });
    expect(rig.store.lookups).to.deep.equal(['user u1']);
    expect(await start.execute({ interactionId: 'i3', userId: 'u9' })).to.equal(null);
    expect(rig.challenges.challenges.has('assert:i3')).to.equal(false);
    expect(rig.challenges.challenges.get('assert:i1')).to.deep.equal({ challenge: 'challenge-1', expiresAt: new Date('2026-01-01T00:05:00Z') });
  });

  it('clears out the challenges expired by then where it keeps a new one, and only those', async () => {
    rig.challenges.challenges.set('assert:left', { challenge: 'old', expiresAt: rig.clock.now() });
    rig.challenges.challenges.set('assert:live', { challenge: 'live', expiresAt: new Date(rig.clock.now().getTime() + 1) });
    await start.execute({ interactionId: 'i5' });
    expect([...rig.challenges.challenges.keys()]).to.deep.equal(['assert:live', 'assert:i5']);
  });

  it('accepts the user\'s device-bound passkey as hwk and moves its counter on', async () => {
    expect(await check.check(USER, await proofFor(), rig.clock.now())).to.equal('hwk');
    expect((await rig.store.findPasskey('cred-1'))?.counter).to.equal(4);
  });

  it('accepts a synced passkey as swk, its zero counter staying zero', async () => {
    const user = { ...USER, id: 'u2' };
    await start.execute({ interactionId: 'i1', userId: 'u2' });
    const proof = { kind: 'passkey' as const, assertion: { interactionId: 'i1', response: fakeResponse('challenge-1', { id: 'cred-2', publicKey: 'pk-2', counter: 0, userVerified: false }) } };
    expect(await check.check(user, proof, rig.clock.now())).to.equal('swk');
    expect((await rig.store.findPasskey('cred-2'))?.counter).to.equal(0);
  });

  it('accepts an assertion once: the challenge is taken', async () => {
    const proof = await proofFor();
    expect(await check.check(USER, proof, rig.clock.now())).to.equal('hwk');
    expect(await check.check(USER, { ...proof, assertion: { ...proof.assertion, response: fakeResponse('challenge-1', { counter: 5 }) } }, rig.clock.now())).to.equal(null);
  });

  it('refuses a counter that does not grow (a cloned authenticator) and keeps the stored one', async () => {
    expect(await check.check(USER, await proofFor({ counter: 3 }), rig.clock.now())).to.equal(null);
    expect(await check.check(USER, await proofFor({ counter: 2 }), rig.clock.now())).to.equal(null);
    expect((await rig.store.findPasskey('cred-1'))?.counter).to.equal(3);
  });

  it('refuses when another instance moved the counter meanwhile', async () => {
    const proof = await proofFor();
    rig.store.advanceCounter = async () => false;
    expect(await check.check(USER, proof, rig.clock.now())).to.equal(null);
  });

  it('writes no counter that stays zero (an authenticator that keeps none)', async () => {
    rig.store.advanceCounter = async () => false;
    await start.execute({ interactionId: 'i1', userId: 'u2' });
    const proof = { kind: 'passkey' as const, assertion: { interactionId: 'i1', response: fakeResponse('challenge-1', { id: 'cred-2', publicKey: 'pk-2', counter: 0 }) } };
    expect(await check.check({ ...USER, id: 'u2' }, proof, rig.clock.now())).to.equal('swk');
  });

  it('asks nothing of the authenticator or the store without a challenge, or without a credential id', async () => {
    const proof = await proofFor({}, 'i9');
    expect(await check.check(USER, proof, rig.clock.now())).to.equal(null);
    await start.execute({ interactionId: 'i2', userId: USER.id });
    rig.store.lookups.length = 0;
    expect(await check.check(USER, { kind: 'passkey', assertion: { interactionId: 'i2', response: {} } }, rig.clock.now())).to.equal(null);
    expect(rig.store.lookups).to.deep.equal([]);
    expect(rig.ceremonies.verifications).to.equal(0);
  });

  it('leaves the challenge to a well-formed assertion when the proof is malformed or a code', async () => {
    const proof = await proofFor();
    for (const assertion of [null, 'x', {}, { interactionId: 'i1' }, { interactionId: 7, response: proof.assertion.response }]) {
      expect(await check.check(USER, { kind: 'passkey', assertion }, rig.clock.now())).to.equal(null);
    }
    const code = { kind: 'code', code: '123456', assertion: proof.assertion } as unknown as SecondFactorProof;
    expect(await check.check(USER, code, rig.clock.now())).to.equal(null);
    expect(await check.check(USER, proof, rig.clock.now())).to.equal('hwk');
  });

  it('takes an empty interaction id for no interaction at all', async () => {
    await start.execute({ interactionId: '', userId: USER.id });
    const proof = { kind: 'passkey' as const, assertion: { interactionId: '', response: fakeResponse('challenge-1', { counter: 4 }) } };
    expect(await check.check(USER, proof, rig.clock.now())).to.equal(null);
    expect((await rig.store.findPasskey('cred-1'))?.counter).to.equal(3);
  });

  it('refuses a wrong origin, RP ID, signature or interaction', async () => {
    expect(await check.check(USER, await proofFor({ origin: 'https://evil.example' }), rig.clock.now())).to.equal(null);
    expect(await check.check(USER, await proofFor({ rpId: 'evil.example' }), rig.clock.now())).to.equal(null);
    expect(await check.check(USER, await proofFor({ publicKey: 'forged' }), rig.clock.now())).to.equal(null);
    expect(await check.check(USER, await proofFor({}, 'i9'), rig.clock.now())).to.equal(null);
    expect((await rig.store.findPasskey('cred-1'))?.counter).to.equal(3);
  });

  it('refuses another user\'s passkey without touching its counter', async () => {
    const proof = await proofFor({ id: 'cred-2', publicKey: 'pk-2', counter: 7 });
    expect(await check.check(USER, proof, rig.clock.now())).to.equal(null);
    expect((await rig.store.findPasskey('cred-2'))?.counter).to.equal(0);
  });

  it('refuses an unknown credential, an assertion without one, a malformed proof and a code', async () => {
    expect(await check.check(USER, await proofFor({ id: 'cred-9' }), rig.clock.now())).to.equal(null);
    await start.execute({ interactionId: 'i1', userId: USER.id });
    expect(await check.check(USER, { kind: 'passkey', assertion: { interactionId: 'i1', response: {} } }, rig.clock.now())).to.equal(null);
    for (const assertion of [null, 'x', {}, { interactionId: '', response: {} }, { interactionId: 'i1' }, { interactionId: 7, response: {} }]) {
      expect(await check.check(USER, { kind: 'passkey', assertion }, rig.clock.now())).to.equal(null);
    }
    expect(await check.check(USER, { kind: 'code', code: '123456' }, rig.clock.now())).to.equal(null);
  });

  it('refuses after the challenge expired', async () => {
    const proof = await proofFor();
    rig.clock.advanceSeconds(300);
    expect(await check.check(USER, proof, rig.clock.now())).to.equal(null);
  });
});

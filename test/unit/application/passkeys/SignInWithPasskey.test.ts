import { expect } from 'chai';
import { SignInWithPasskey } from '../../../../src/application/passkeys/SignInWithPasskey';
import { StartPasskeySignIn } from '../../../../src/application/passkeys/StartPasskeySignIn';
import { InvalidCredentialsError, StoreUnavailableError, TooManyLoginAttemptsError } from '../../../../src/domain/errors';
import { authenticatedUserOf } from '../../../../src/domain/model/UserAccount';
import { fakeResponse, type FakeCredentialResponse } from '../../../support/FakeWebAuthnCeremonies';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { passkeyRig } from '../../../support/passkeyRig';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { rejection } from '../../../support/rejection';
import { storedUser } from '../../../support/userAccounts';

describe('SignInWithPasskey (a passkey alone)', () => {
  let rig: ReturnType<typeof passkeyRig>;
  let users: InMemoryUserRepository;
  let limiter: RecordingAttemptLimiter;
  let signIn: SignInWithPasskey;
  let trail: RecordingAuditTrail;

  beforeEach(async () => {
    rig = passkeyRig();
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u1'));
    limiter = new RecordingAttemptLimiter(2);
    trail = new RecordingAuditTrail();
    signIn = new SignInWithPasskey(rig.assertions, users, limiter, rig.clock, trail);
    await rig.store.addPasskey('u1', 'f1', { credentialId: 'cred-1', publicKey: 'pk-1', counter: 0, synced: false, transports: [] }, 'Laptop', new Date(0));
  });

  async function assertionWith(overrides: Partial<FakeCredentialResponse> = {}) {
    await new StartPasskeySignIn(rig.parts, rig.store, rig.clock).execute({ interactionId: 'i1' });
    const challenge = rig.challenges.challenges.get('assert:i1')?.challenge ?? '';
    return { interactionId: 'i1', response: fakeResponse(challenge, overrides) };
  }

  it('signs the passkey\'s user in at the phishing-resistant level (amr hwk mfa: the user verified) and gives the attempt back', async () => {
    const result = await signIn.execute({ assertion: await assertionWith(), address: '203.0.113.7' });
    expect(result).to.deep.equal({
      user: authenticatedUserOf(storedUser('alice', 'u1')),
      authentication: { amr: ['hwk', 'mfa'], acr: 'urn:auth-service:acr:phishing-resistant' },
    });
    expect(limiter.count('address:203.0.113.7')).to.equal(0);
    expect(limiter.events).to.deep.equal(['attempt address:203.0.113.7', 'give back address:203.0.113.7']);
    expect(limiter.plans).to.deep.equal([{ subject: 'passkey', otherwise: ['address:203.0.113.7'] }]);
    expect(limiter.settlements).to.deep.equal([{ giveBack: ['address:203.0.113.7'], remember: false }]);
  });

  it('requires the user to have been verified by the authenticator', async () => {
    expect(await rejection(signIn.execute({ assertion: await assertionWith({ userVerified: false }) }))).to.be.instanceOf(InvalidCredentialsError);
  });

  it('answers a failure as a wrong password, counted against the address', async () => {
    const error = await rejection(signIn.execute({ assertion: await assertionWith({ origin: 'https://evil.example' }), address: '203.0.113.7' }));
    expect(error).to.be.instanceOf(InvalidCredentialsError);
    expect(limiter.count('address:203.0.113.7')).to.equal(1);
  });

  it('refuses a disabled or removed user', async () => {
    await users.setStatus('alice', 'disabled', new Date(0));
    expect(await rejection(signIn.execute({ assertion: await assertionWith({ counter: 1 }) }))).to.be.instanceOf(InvalidCredentialsError);
    await users.remove('alice');
    expect(await rejection(signIn.execute({ assertion: await assertionWith({ counter: 2 }) }))).to.be.instanceOf(InvalidCredentialsError);
  });

  it('past the limit refuses the right passkey too, unchecked', async () => {
    for (let i = 0; i < 2; i++) await rejection(signIn.execute({ assertion: await assertionWith({ publicKey: 'forged' }), address: '203.0.113.7' }));
    const assertion = await assertionWith();
    const error = await rejection(signIn.execute({ assertion, address: '203.0.113.7' }));
    expect(error).to.be.instanceOf(TooManyLoginAttemptsError).with.property('retryAfterSeconds', 42);
    expect(rig.challenges.challenges.has('assert:i1')).to.equal(true);
  });

  it('counts nothing without an address, and gives the attempt back on a store outage', async () => {
    expect((await signIn.execute({ assertion: await assertionWith() })).user.id).to.equal('u1');
    expect(limiter.events[0]).to.equal('attempt ');
    users.findById = async () => {
      throw new StoreUnavailableError();
    };
    const error = await rejection(signIn.execute({ assertion: await assertionWith({ counter: 5 }), address: '203.0.113.8' }));
    expect(error).to.be.instanceOf(StoreUnavailableError);
    expect(limiter.count('address:203.0.113.8')).to.equal(0);
    expect(limiter.settlements[1]).to.deep.equal({ giveBack: ['address:203.0.113.8'], remember: false });
  });

  it('says swk for a synced passkey', async () => {
    await rig.store.addPasskey('u1', 'f2', { credentialId: 'cred-2', publicKey: 'pk-2', counter: 0, synced: true, transports: [] }, 'Phone', new Date(0));
    const result = await signIn.execute({ assertion: await assertionWith({ id: 'cred-2', publicKey: 'pk-2', counter: 0 }) });
    expect(result.authentication.amr).to.deep.equal(['swk', 'mfa']);
  });

  it('records a success and each refusal with its reason (never told in the answer), the client and the address', async () => {
    await signIn.execute({ assertion: await assertionWith(), address: '203.0.113.7', client: 'webapp' });
    const wrong = await rejection(signIn.execute({ assertion: await assertionWith({ origin: 'https://evil.example' }), address: '203.0.113.7', client: 'webapp' }));
    expect(wrong).to.be.instanceOf(InvalidCredentialsError).with.property('reason', null);
    await users.setStatus('alice', 'disabled', new Date(0));
    const disabled = await rejection(signIn.execute({ assertion: await assertionWith({ counter: 2 }), address: '203.0.113.7' }));
    expect(disabled).to.be.instanceOf(InvalidCredentialsError).with.property('reason', 'disabled');
    await users.remove('alice');
    const removed = await rejection(signIn.execute({ assertion: await assertionWith({ counter: 3 }) }));
    expect(removed).to.be.instanceOf(InvalidCredentialsError).with.property('reason', 'unknown_account');
    await rejection(signIn.execute({ assertion: await assertionWith(), address: '203.0.113.7' }));
    const where = { client: 'webapp', address: '203.0.113.7' };
    const failed = (account: string | null, reason: string, from: object = { client: null }) => ({
      type: 'login.failed',
      outcome: 'failure',
      account,
      ...from,
      details: { reason, method: 'passkey' },
    });
    expect(trail.events).to.deep.equal([
      { type: 'login.succeeded', outcome: 'success', account: 'alice', ...where, details: { subject: 'u1', method: 'passkey' } },
      failed(null, 'wrong_passkey', where),
      failed('alice', 'disabled', { client: null, address: '203.0.113.7' }),
      failed(null, 'unknown_account'),
      failed(null, 'limited', { client: null, address: '203.0.113.7' }),
    ]);
  });
});

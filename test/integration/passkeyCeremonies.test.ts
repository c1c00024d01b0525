import { expect } from 'chai';
import type { FinishPasskeyRegistration } from '../../src/application/passkeys/FinishPasskeyRegistration';
import type { SignInWithPasskey } from '../../src/application/passkeys/SignInWithPasskey';
import type { StartPasskeyRegistration } from '../../src/application/passkeys/StartPasskeyRegistration';
import type { StartPasskeySignIn } from '../../src/application/passkeys/StartPasskeySignIn';
import type { VerifySecondFactor } from '../../src/application/secondFactor/VerifySecondFactor';
import { InvalidCredentialsError } from '../../src/domain/errors';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';
import { authenticatedUserOf } from '../../src/domain/model/UserAccount';
import type { SecondFactorStore } from '../../src/domain/ports/SecondFactorStore';
import type { UserRepository } from '../../src/domain/ports/UserRepository';
import { InvalidSecondFactorError } from '../../src/domain/secondFactorErrors';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { TYPES } from '../../src/interfaces/composition/types';
import { addUserOn } from '../support/addTestUser';
import { authTestConfig } from '../support/authTestServer';
import { buildAuthServer } from '../support/buildAuthServer';
import { rejection } from '../support/rejection';
import { SoftwareAuthenticator } from '../support/softwareAuthenticator';

// The test issuer is http://localhost/auth: RP ID localhost, origin http://localhost.
const CONTEXT = { origin: 'http://localhost', rpId: 'localhost' };

describe('passkeys through the wired service: register, then sign in as second factor and alone (real WebAuthn responses)', function () {
  this.timeout(30_000);
  let auth: AuthServer;
  let alice: AuthenticatedUser;
  const authenticator = new SoftwareAuthenticator();

  const get = <T>(symbol: symbol): T => auth.container.get<T>(symbol);
  const challengeOf = (options: unknown): string => (options as { challenge: string }).challenge;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_USER_STORE: 'database' }));
    await addUserOn(auth).execute({ account: 'alice', password: 'alice-pass', nickName: 'Alice' });
    const account = await get<UserRepository>(TYPES.UserRepository).findByAccount('alice');
    alice = authenticatedUserOf(account!);
  });

  after(() => auth?.close());

  async function assertionFor(interactionId: string, userId?: string): Promise<{ interactionId: string; response: unknown }> {
    const options = await get<StartPasskeySignIn>(TYPES.StartPasskeySignIn).execute({ interactionId, ...(userId === undefined ? {} : { userId }) });
    return { interactionId, response: authenticator.assert({ ...CONTEXT, challenge: challengeOf(options) }) };
  }

  it('registers a passkey on the issuer\'s host, listed as a factor of the user', async () => {
    const options = await get<StartPasskeyRegistration>(TYPES.StartPasskeyRegistration).execute({ user: alice, sessionId: 's1' });
    expect(options).to.have.nested.property('rp.id', 'localhost');
    const response = authenticator.register({ ...CONTEXT, challenge: challengeOf(options) });
    const factorId = await get<FinishPasskeyRegistration>(TYPES.FinishPasskeyRegistration).execute({ user: alice, sessionId: 's1', response, label: 'Laptop' });
    const factors = await get<SecondFactorStore>(TYPES.SecondFactorStore).listOf(alice.id);
    expect(factors.map(({ id, kind, label }) => ({ id, kind, label }))).to.deep.equal([{ id: factorId, kind: 'passkey', label: 'Laptop' }]);
  });

  it('accepts the passkey as the second factor (hwk), once per challenge', async () => {
    const verify = get<VerifySecondFactor>(TYPES.VerifySecondFactor);
    const assertion = await assertionFor('i1', alice.id);
    expect(await verify.execute({ user: alice, proof: { kind: 'passkey', assertion } })).to.equal('hwk');
    expect(await rejection(verify.execute({ user: alice, proof: { kind: 'passkey', assertion } }))).to.be.instanceOf(InvalidSecondFactorError);
  });

  it('signs alice in with the passkey alone at the phishing-resistant level', async () => {
    const result = await get<SignInWithPasskey>(TYPES.SignInWithPasskey).execute({ assertion: await assertionFor('i2'), address: '203.0.113.9' });
    expect(result.user.account).to.equal('alice');
    expect(result.authentication).to.deep.equal({ amr: ['hwk', 'mfa'], acr: 'urn:auth-service:acr:phishing-resistant' });
  });

  it('refuses a cloned authenticator (its counter gone back)', async () => {
    authenticator.counter = 0;
    const error = await rejection(get<SignInWithPasskey>(TYPES.SignInWithPasskey).execute({ assertion: await assertionFor('i3') }));
    expect(error).to.be.instanceOf(InvalidCredentialsError);
  });
});

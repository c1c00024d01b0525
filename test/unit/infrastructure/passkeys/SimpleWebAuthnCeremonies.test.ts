import { expect } from 'chai';
import type { NewPasskey } from '../../../../src/domain/model/Passkey';
import type { RelyingParty } from '../../../../src/domain/ports/WebAuthnCeremonies';
import { SimpleWebAuthnCeremonies } from '../../../../src/infrastructure/passkeys/SimpleWebAuthnCeremonies';
import { SoftwareAuthenticator } from '../../../support/softwareAuthenticator';

const RP: RelyingParty = { id: 'localhost', origin: 'http://localhost:3000', name: 'localhost:3000' };

describe('SimpleWebAuthnCeremonies (real WebAuthn responses from a software authenticator)', () => {
  const ceremonies = new SimpleWebAuthnCeremonies();

  async function registered(authenticator: SoftwareAuthenticator): Promise<NewPasskey> {
    const { challenge } = await ceremonies.registrationOptions({ rp: RP, userId: 'u1', userName: 'alice', excludeCredentialIds: [] });
    const passkey = await ceremonies.verifyRegistration({ rp: RP, challenge, response: authenticator.register({ challenge, origin: RP.origin, rpId: RP.id }) });
    if (passkey === null) throw new Error('the registration did not verify');
    return passkey;
  }

  it('asks for a discoverable credential with user verification, excluding the ones held', async () => {
    const { challenge, options } = await ceremonies.registrationOptions({ rp: RP, userId: 'u1', userName: 'alice', excludeCredentialIds: ['abc'] });
    expect(options).to.deep.include({ challenge, attestation: 'none', timeout: 300000 });
    expect(options).to.have.nested.property('authenticatorSelection.residentKey', 'required');
    expect(options).to.have.nested.property('authenticatorSelection.userVerification', 'required');
    expect(options).to.have.nested.property('rp.id', 'localhost');
    expect(options).to.have.nested.property('excludeCredentials[0].id', 'abc');
  });

  it('verifies a registration and keeps the public key, counter and device binding', async () => {
    const authenticator = new SoftwareAuthenticator();
    const passkey = await registered(authenticator);
    expect(passkey).to.include({ credentialId: authenticator.credentialId, counter: 0, synced: false });
    expect(passkey.transports).to.deep.equal(['internal']);
    expect(passkey.publicKey).to.match(/^[A-Za-z0-9_-]+$/);
    expect((await registered(new SoftwareAuthenticator({ synced: true }))).synced).to.equal(true);
  });

  it('refuses a registration for another origin, RP ID or challenge, without user verification, or malformed', async () => {
    const authenticator = new SoftwareAuthenticator();
    const { challenge } = await ceremonies.registrationOptions({ rp: RP, userId: 'u1', userName: 'alice', excludeCredentialIds: [] });
    for (const context of [
      { challenge, origin: 'http://evil.example:3000', rpId: RP.id },
      { challenge, origin: RP.origin, rpId: 'evil.example' },
      { challenge: 'b3RoZXI', origin: RP.origin, rpId: RP.id },
    ]) {
      expect(await ceremonies.verifyRegistration({ rp: RP, challenge, response: authenticator.register(context) })).to.equal(null);
    }
    const unverified = new SoftwareAuthenticator({ userVerified: false }).register({ challenge, origin: RP.origin, rpId: RP.id });
    expect(await ceremonies.verifyRegistration({ rp: RP, challenge, response: unverified })).to.equal(null);
    expect(await ceremonies.verifyRegistration({ rp: RP, challenge, response: { id: 'x' } })).to.equal(null);
  });

  it('verifies an assertion by the stored key and answers its counter and user verification', async () => {
    const authenticator = new SoftwareAuthenticator();
    const passkey = await registered(authenticator);
    const { challenge, options } = await ceremonies.assertionOptions({ rp: RP, allowCredentialIds: [] });
    expect(options).to.deep.include({ rpId: 'localhost', userVerification: 'required' });
    const response = authenticator.assert({ challenge, origin: RP.origin, rpId: RP.id });
    expect(ceremonies.credentialIdOf(response)).to.equal(authenticator.credentialId);
    expect(await ceremonies.verifyAssertion({ rp: RP, challenge, response, credential: passkey })).to.deep.equal({ counter: 1, userVerified: true });
    const allowed = await ceremonies.assertionOptions({ rp: RP, allowCredentialIds: [passkey.credentialId] });
    expect(allowed.options).to.deep.include({ userVerification: 'preferred' });
  });

  it('verifies an assertion made without user verification and says so (the use case decides whether it is enough)', async () => {
    const authenticator = new SoftwareAuthenticator();
    const passkey = await registered(authenticator);
    const { challenge } = await ceremonies.assertionOptions({ rp: RP, allowCredentialIds: [passkey.credentialId] });
    const response = authenticator.assert({ challenge, origin: RP.origin, rpId: RP.id }, false);
    expect(await ceremonies.verifyAssertion({ rp: RP, challenge, response, credential: passkey })).to.deep.equal({ counter: 1, userVerified: false });
  });

  it('keeps no transports for a registration that names none', async () => {
    const authenticator = new SoftwareAuthenticator();
    const { challenge } = await ceremonies.registrationOptions({ rp: RP, userId: 'u1', userName: 'alice', excludeCredentialIds: [] });
    const response = authenticator.register({ challenge, origin: RP.origin, rpId: RP.id }) as { response: { transports?: string[] } };
    delete response.response.transports;
    expect((await ceremonies.verifyRegistration({ rp: RP, challenge, response }))?.transports).to.deep.equal([]);
  });

  it('refuses an assertion for another origin, RP ID or challenge, by another key, or malformed', async () => {
    const authenticator = new SoftwareAuthenticator();
    const passkey = await registered(authenticator);
    const { challenge } = await ceremonies.assertionOptions({ rp: RP, allowCredentialIds: [] });
    for (const context of [
      { challenge, origin: 'http://evil.example:3000', rpId: RP.id },
      { challenge, origin: RP.origin, rpId: 'evil.example' },
      { challenge: 'b3RoZXI', origin: RP.origin, rpId: RP.id },
    ]) {
      expect(await ceremonies.verifyAssertion({ rp: RP, challenge, response: authenticator.assert(context), credential: passkey })).to.equal(null);
    }
    const other = await registered(new SoftwareAuthenticator());
    const forged = authenticator.assert({ challenge, origin: RP.origin, rpId: RP.id });
    expect(await ceremonies.verifyAssertion({ rp: RP, challenge, response: forged, credential: { ...passkey, publicKey: other.publicKey } })).to.equal(null);
    expect(await ceremonies.verifyAssertion({ rp: RP, challenge, response: { id: passkey.credentialId }, credential: passkey })).to.equal(null);
    for (const response of [null, 'x', {}, { id: '' }, { id: 7 }]) expect(ceremonies.credentialIdOf(response)).to.equal(null);
  });
});

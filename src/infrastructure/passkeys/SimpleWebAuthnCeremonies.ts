import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { NewPasskey } from '../../domain/model/Passkey';
import type { CeremonyOptions, RelyingParty, VerifiedAssertion, WebAuthnCeremonies } from '../../domain/ports/WebAuthnCeremonies';

const TIMEOUT_MS = 300_000;

/** Required on the first ceremony, not at start-up: with its ASN.1 and X.509 packages it is ~300 modules. */
function webauthn(): typeof import('@simplewebauthn/server') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('@simplewebauthn/server') as typeof import('@simplewebauthn/server');
}

/**
 * The ceremonies on @simplewebauthn/server: discoverable credentials with
 * user verification required at registration (so the passkey can sign in
 * alone), no attestation asked (nothing is decided on the authenticator's
 * make). The library checks challenge, origin, RP ID hash, flags and
 * signature; whatever it throws on (a malformed or spoilt response) is a
 * refusal here, null.
 */
export class SimpleWebAuthnCeremonies implements WebAuthnCeremonies {
  async registrationOptions(input: { rp: RelyingParty; userId: string; userName: string; excludeCredentialIds: readonly string[] }): Promise<CeremonyOptions> {
    const options = await webauthn().generateRegistrationOptions({
      rpName: input.rp.name,
      rpID: input.rp.id,
      userName: input.userName,
      userID: new TextEncoder().encode(input.userId),
      timeout: TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: input.excludeCredentialIds.map((id) => ({ id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return { challenge: options.challenge, options };
  }

  async verifyRegistration(input: { rp: RelyingParty; challenge: string; response: unknown }): Promise<NewPasskey | null> {
    try {
      const result = await webauthn().verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: input.challenge,
        expectedOrigin: input.rp.origin,
        expectedRPID: input.rp.id,
        requireUserVerification: true,
      });
      // Stryker disable next-line ConditionalExpression: with attestation 'none' the library throws rather than answer unverified; kept in case it ever does
      if (!result.verified) return null;
      const { credential, credentialDeviceType } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        synced: credentialDeviceType === 'multiDevice',
        transports: credential.transports ?? [],
      };
    } catch {
      return null;
    }
  }

  async assertionOptions(input: { rp: RelyingParty; allowCredentialIds: readonly string[] }): Promise<CeremonyOptions> {
    const options = await webauthn().generateAuthenticationOptions({
      rpID: input.rp.id,
      timeout: TIMEOUT_MS,
      allowCredentials: input.allowCredentialIds.map((id) => ({ id })),
      userVerification: input.allowCredentialIds.length === 0 ? 'required' : 'preferred',
    });
    return { challenge: options.challenge, options };
  }

  credentialIdOf(response: unknown): string | null {
    // Stryker disable next-line ConditionalExpression: made false, a string or number destructures to no id and also answers null
    if (typeof response !== 'object' || response === null) return null;
    const { id } = response as { id?: unknown };
    return typeof id === 'string' && id !== '' ? id : null;
  }

  async verifyAssertion(input: {
    rp: RelyingParty;
    challenge: string;
    response: unknown;
    credential: { credentialId: string; publicKey: string; counter: number; transports: readonly string[] };
  }): Promise<VerifiedAssertion | null> {
    try {
      const result = await webauthn().verifyAuthenticationResponse({
        response: input.response as AuthenticationResponseJSON,
        expectedChallenge: input.challenge,
        expectedOrigin: input.rp.origin,
        expectedRPID: input.rp.id,
        credential: {
          id: input.credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(input.credential.publicKey, 'base64url')),
          counter: input.credential.counter,
          transports: input.credential.transports as AuthenticatorTransport[],
        },
        // The use case decides: required for a passkey alone, not after a password.
        requireUserVerification: false,
      });
      if (!result.verified) return null;
      return { counter: result.authenticationInfo.newCounter, userVerified: result.authenticationInfo.userVerified };
    } catch {
      return null;
    }
  }
}

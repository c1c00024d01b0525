import type { NewPasskey } from '../../src/domain/model/Passkey';
import type { CeremonyOptions, RelyingParty, VerifiedAssertion, WebAuthnCeremonies } from '../../src/domain/ports/WebAuthnCeremonies';

/**
 * What a fake authenticator answers: plain objects naming the challenge,
 * origin and RP ID they were made for, checked as the library checks the
 * signed client data and authenticator data.
 */
export interface FakeCredentialResponse {
  readonly id: string;
  readonly challenge: string;
  readonly origin: string;
  readonly rpId: string;
  readonly counter: number;
  readonly userVerified: boolean;
  /** The public key it was made with: an assertion verifies only against it. */
  readonly publicKey: string;
  readonly synced?: boolean;
}

/** Challenges `challenge-1`, `challenge-2`…; options record what they were asked for. */
export class FakeWebAuthnCeremonies implements WebAuthnCeremonies {
  private issued = 0;
  /** How many responses were handed to the verify methods. */
  verifications = 0;

  async registrationOptions(input: { rp: RelyingParty; userId: string; userName: string; excludeCredentialIds: readonly string[] }): Promise<CeremonyOptions> {
    const challenge = this.nextChallenge();
    return { challenge, options: { challenge, rp: input.rp.id, user: input.userName, exclude: [...input.excludeCredentialIds] } };
  }

  async verifyRegistration(input: { rp: RelyingParty; challenge: string; response: unknown }): Promise<NewPasskey | null> {
    this.verifications += 1;
    const response = input.response as FakeCredentialResponse;
    if (!matches(response, input.rp, input.challenge)) return null;
    return { credentialId: response.id, publicKey: response.publicKey, counter: response.counter, synced: response.synced ?? false, transports: ['internal'] };
  }

  async assertionOptions(input: { rp: RelyingParty; allowCredentialIds: readonly string[] }): Promise<CeremonyOptions> {
    const challenge = this.nextChallenge();
    return { challenge, options: { challenge, rp: input.rp.id, allow: [...input.allowCredentialIds] } };
  }

  credentialIdOf(response: unknown): string | null {
    const id = (response as Partial<FakeCredentialResponse> | null)?.id;
    return typeof id === 'string' ? id : null;
  }

  async verifyAssertion(input: {
    rp: RelyingParty;
    challenge: string;
    response: unknown;
    credential: { credentialId: string; publicKey: string; counter: number };
  }): Promise<VerifiedAssertion | null> {
    this.verifications += 1;
    const response = input.response as FakeCredentialResponse;
    if (!matches(response, input.rp, input.challenge) || response.publicKey !== input.credential.publicKey) return null;
    return { counter: response.counter, userVerified: response.userVerified };
  }

  private nextChallenge(): string {
    this.issued += 1;
    return `challenge-${this.issued}`;
  }
}

function matches(response: FakeCredentialResponse, rp: RelyingParty, challenge: string): boolean {
  return response.challenge === challenge && response.origin === rp.origin && response.rpId === rp.id;
}

/** The relying party the fakes are built for. */
export const TEST_RP: RelyingParty = { id: 'auth.example', origin: 'https://auth.example', name: 'auth.example' };

/** A response from the fake authenticator for the relying party; `overrides` spoil one part. */
export function fakeResponse(challenge: string, overrides: Partial<FakeCredentialResponse> = {}): FakeCredentialResponse {
  return { id: 'cred-1', challenge, origin: TEST_RP.origin, rpId: TEST_RP.id, counter: 1, userVerified: true, publicKey: 'pk-1', ...overrides };
}

import type { NewPasskey } from '../model/Passkey';

/** The relying party a ceremony is checked against: the RP ID (the issuer's host) and the origin pages run on. */
export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
  readonly name: string;
}

/** What the browser needs to create a credential: `publicKey` options as JSON, with the challenge to keep. */
export interface CeremonyOptions {
  readonly challenge: string;
  readonly options: unknown;
}

/** An assertion verified against a stored credential: the counter it presents, and whether the user was verified. */
export interface VerifiedAssertion {
  readonly counter: number;
  readonly userVerified: boolean;
}

/**
 * The WebAuthn ceremonies (W3C WebAuthn Level 2 §7): options for the browser,
 * and the checks of what it answers (challenge, origin, RP ID hash, flags,
 * signature). The adapter wraps a maintained library; the counter rule and
 * the user's binding stay in the use cases. Unparseable or wrong responses
 * answer null, never throw.
 */
export interface WebAuthnCeremonies {
  registrationOptions(input: {
    readonly rp: RelyingParty;
    readonly userId: string;
    readonly userName: string;
    readonly excludeCredentialIds: readonly string[];
  }): Promise<CeremonyOptions>;
  verifyRegistration(input: { readonly rp: RelyingParty; readonly challenge: string; readonly response: unknown }): Promise<NewPasskey | null>;
  /** Options for a sign-in; `allowCredentialIds` empty asks for a discoverable credential. */
  assertionOptions(input: { readonly rp: RelyingParty; readonly allowCredentialIds: readonly string[] }): Promise<CeremonyOptions>;
  /** The credential id an assertion names, so its stored passkey can be found; null when the response has none. */
  credentialIdOf(response: unknown): string | null;
  verifyAssertion(input: {
    readonly rp: RelyingParty;
    readonly challenge: string;
    readonly response: unknown;
    readonly credential: { readonly credentialId: string; readonly publicKey: string; readonly counter: number; readonly transports: readonly string[] };
  }): Promise<VerifiedAssertion | null>;
}

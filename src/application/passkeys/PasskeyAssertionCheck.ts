import { counterAccepted, type Passkey } from '../../domain/model/Passkey';
import type { PasskeyStore } from '../../domain/ports/PasskeyStore';
import { assertionBinding, type PasskeyCeremonyParts } from './PasskeyCeremonies';

/** A passkey assertion as the sign-in page hands it over: the interaction it was asked for and the browser's response. */
export interface PasskeyAssertion {
  readonly interactionId: string;
  readonly response: unknown;
}

/** The assertion in a second-factor proof, when it has the right shape; null otherwise. */
export function passkeyAssertionOf(value: unknown): PasskeyAssertion | null {
  // A primitive has neither field: destructuring it answers undefined for both.
  const { interactionId, response } = (value ?? {}) as Record<string, unknown>;
  if (typeof interactionId !== 'string' || interactionId === '' || response === undefined) return null;
  return { interactionId, response };
}

/** Whose passkey the assertion must be by (a second factor), and whether the user must have been verified (a passkey alone). */
export interface AssertionRules {
  readonly userId?: string;
  readonly requireUserVerified: boolean;
}

/**
 * Checks an assertion against the challenge kept for its interaction (taken,
 * so it counts once) and the stored credential it names: RP ID, origin and
 * signature by the ceremonies, user verification when `requireUserVerified`,
 * a counter that grows (a clone's does not), moved on by a conditional write
 * so two instances cannot both accept one assertion. With `userId`, only a
 * passkey of that user is checked at all. Answers the passkey (its `userId`
 * says whose it is) or null.
 */
export class PasskeyAssertionCheck {
  constructor(
    private readonly parts: PasskeyCeremonyParts,
    private readonly passkeys: Pick<PasskeyStore, 'findPasskey' | 'advanceCounter'>,
  ) {}

  async check(assertion: PasskeyAssertion, at: Date, rules: AssertionRules): Promise<Passkey | null> {
    const challenge = await this.parts.challenges.takeChallenge(assertionBinding(assertion.interactionId), at);
    if (challenge === null) return null;
    const credentialId = this.parts.ceremonies.credentialIdOf(assertion.response);
    if (credentialId === null) return null;
    const passkey = await this.passkeys.findPasskey(credentialId);
    if (passkey === null || (rules.userId !== undefined && passkey.userId !== rules.userId)) return null;
    const verified = await this.parts.ceremonies.verifyAssertion({ rp: this.parts.rp, challenge, response: assertion.response, credential: passkey });
    if (verified === null || (rules.requireUserVerified && !verified.userVerified)) return null;
    if (!counterAccepted(passkey.counter, verified.counter)) return null;
    if (verified.counter !== passkey.counter && !(await this.passkeys.advanceCounter(credentialId, passkey.counter, verified.counter))) return null;
    return passkey;
  }
}

import type { Clock } from '@auth-service/client';
import type { PasskeyStore } from '../../domain/ports/PasskeyStore';
import { assertionBinding, keepChallenge, type PasskeyCeremonyParts } from './PasskeyCeremonies';

export interface StartPasskeySignInInput {
  /** The sign-in page's interaction: the assertion is only accepted for it. */
  readonly interactionId: string;
  /** The user the password vouched for (a passkey as second factor); absent for a passkey alone (a discoverable credential). */
  readonly userId?: string;
}

/**
 * Options for the browser to sign in with a passkey; the challenge is kept
 * once, bound to the interaction. Null when the user named holds no passkey
 * (nothing to offer after the password).
 */
export class StartPasskeySignIn {
  constructor(
    private readonly parts: PasskeyCeremonyParts,
    private readonly passkeys: Pick<PasskeyStore, 'passkeysOf'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartPasskeySignInInput): Promise<unknown> {
    const held = input.userId === undefined ? [] : await this.passkeys.passkeysOf(input.userId);
    if (input.userId !== undefined && held.length === 0) return null;
    const made = await this.parts.ceremonies.assertionOptions({ rp: this.parts.rp, allowCredentialIds: held.map((passkey) => passkey.credentialId) });
    return keepChallenge(this.parts, assertionBinding(input.interactionId), made, this.clock.now());
  }
}

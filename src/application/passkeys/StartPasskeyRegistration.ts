import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { PasskeyStore } from '../../domain/ports/PasskeyStore';
import { keepChallenge, registrationBinding, type PasskeyCeremonyParts } from './PasskeyCeremonies';

export interface StartPasskeyRegistrationInput {
  readonly user: AuthenticatedUser;
  /** The account-page session asking: the registration can only be finished from it. */
  readonly sessionId: string;
}

/**
 * Options for the browser to create a passkey for the user (a discoverable
 * credential, user verification required), excluding the ones held already;
 * the challenge is kept once, bound to the session.
 */
export class StartPasskeyRegistration {
  constructor(
    private readonly parts: PasskeyCeremonyParts,
    private readonly passkeys: Pick<PasskeyStore, 'passkeysOf'>,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartPasskeyRegistrationInput): Promise<unknown> {
    const held = await this.passkeys.passkeysOf(input.user.id);
    const made = await this.parts.ceremonies.registrationOptions({
      rp: this.parts.rp,
      userId: input.user.id,
      userName: input.user.account,
      excludeCredentialIds: held.map((passkey) => passkey.credentialId),
    });
    return keepChallenge(this.parts, registrationBinding(input.user.id, input.sessionId), made, this.clock.now());
  }
}

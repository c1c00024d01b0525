import type { Clock } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import { passkeyLabelOf } from '../../domain/model/Passkey';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { PasskeyStore } from '../../domain/ports/PasskeyStore';
import { PasskeyRegistrationError } from '../../domain/passkeyErrors';
import { registrationBinding, type PasskeyCeremonyParts } from './PasskeyCeremonies';

export interface FinishPasskeyRegistrationInput {
  readonly user: AuthenticatedUser;
  readonly sessionId: string;
  /** The browser's `PublicKeyCredential` as JSON. */
  readonly response: unknown;
  /** What the user calls it. */
  readonly label: string;
}

/** The name a passkey gets when the user gives none. */
export const DEFAULT_PASSKEY_LABEL = 'Passkey';

/**
 * Stores the passkey the browser created, once its response checks out
 * against the challenge kept for this session (taken: a second answer finds
 * none) and the relying party. Answers the new factor's id;
 * PasskeyRegistrationError when anything is off.
 */
export class FinishPasskeyRegistration {
  constructor(
    private readonly parts: PasskeyCeremonyParts,
    private readonly passkeys: Pick<PasskeyStore, 'addPasskey'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: FinishPasskeyRegistrationInput): Promise<string> {
    const at = this.clock.now();
    const challenge = await this.parts.challenges.takeChallenge(registrationBinding(input.user.id, input.sessionId), at);
    if (challenge === null) throw new PasskeyRegistrationError('no registration was started from this session, or it expired');
    const created = await this.parts.ceremonies.verifyRegistration({ rp: this.parts.rp, challenge, response: input.response });
    if (created === null) throw new PasskeyRegistrationError('the registration response did not verify');
    const factorId = this.ids.next();
    const added = await this.passkeys.addPasskey(input.user.id, factorId, created, passkeyLabelOf(input.label, DEFAULT_PASSKEY_LABEL), at);
    if (!added) throw new PasskeyRegistrationError('the credential is registered already');
    return factorId;
  }
}

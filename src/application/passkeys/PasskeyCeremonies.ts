import type { CeremonyChallengeStore } from '../../domain/ports/CeremonyChallengeStore';
import type { CeremonyOptions, RelyingParty, WebAuthnCeremonies } from '../../domain/ports/WebAuthnCeremonies';

/** How long a browser has to answer a ceremony's challenge (WebAuthn's recommended default is 5 minutes). */
export const CHALLENGE_SECONDS = 300;

/** What every passkey use case shares: the relying party, the ceremonies and their single-use challenges. */
export interface PasskeyCeremonyParts {
  readonly rp: RelyingParty;
  readonly ceremonies: WebAuthnCeremonies;
  readonly challenges: CeremonyChallengeStore;
}

/**
 * Keeps the options' challenge under `binding` and answers the options for
 * the browser. Expired challenges go where new ones are made: every sign-in
 * page keeps one, and most are never answered.
 */
export async function keepChallenge(parts: PasskeyCeremonyParts, binding: string, made: CeremonyOptions, at: Date): Promise<unknown> {
  await parts.challenges.putChallenge(binding, made.challenge, new Date(at.getTime() + CHALLENGE_SECONDS * 1000));
  await parts.challenges.purgeChallenges(at);
  return made.options;
}

/** The binding of a registration: the user's account-page session, so only that session can finish it. */
export function registrationBinding(userId: string, sessionId: string): string {
  return `register:${userId}:${sessionId}`;
}

/** The binding of a sign-in: the interaction (sign-in page ticket) it was asked for. */
export function assertionBinding(interactionId: string): string {
  return `assert:${interactionId}`;
}

import type { StartPasskeySignIn } from '../../application/passkeys/StartPasskeySignIn';
import { relyingPartyOf } from '../../domain/model/Passkey';
import type { SecretGenerator } from '../../domain/ports/SecretGenerator';
import type { PasskeySignInOffer } from '../http/authorize/passkeyAnswer';

/**
 * The sign-in page's passkey challenge: a fresh random ticket (the page's
 * own, bound into its form's CSRF token) the challenge is kept under, with
 * empty allowCredentials (a discoverable credential). Null on an issuer a
 * browser refuses as a relying party (an IP address): no button then.
 */
export async function passkeySignInOffer(issuer: string, secrets: SecretGenerator, start: Pick<StartPasskeySignIn, 'execute'>): Promise<PasskeySignInOffer | null> {
  if (relyingPartyOf(issuer) === null) return null;
  const ticket = secrets.next();
  return { ticket, options: await start.execute({ interactionId: ticket }) };
}

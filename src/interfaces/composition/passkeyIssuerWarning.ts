import { relyingPartyOf } from '../../domain/model/Passkey';
import type { RelyingParty } from '../../domain/ports/WebAuthnCeremonies';

/**
 * What an operator reads when the issuer is on an IP address: browsers refuse an IP address as a WebAuthn RP ID,
 * so no passkey can be registered or used; null when the issuer's host can hold passkeys.
 */
export function passkeyIssuerWarning(issuer: string): string | null {
  if (relyingPartyOf(issuer) !== null) return null;
  return (
    `the issuer ${issuer} is on an IP address: browsers refuse it as a WebAuthn relying party, so passkeys cannot be registered or used; ` +
    'set AUTH_ISSUER to a host name (localhost for a local test, a real name in production)'
  );
}

/** The issuer's relying party; on an IP address its host is still named (the browser refuses it, the start-up warning says why). */
export function passkeyRelyingParty(issuer: string): RelyingParty {
  const url = new URL(issuer);
  const rp = relyingPartyOf(issuer) ?? { id: url.hostname, origin: url.origin };
  return { ...rp, name: url.host };
}

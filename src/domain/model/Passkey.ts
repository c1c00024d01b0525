import type { SecondFactorMethod } from './SecondFactor';

/**
 * A WebAuthn credential a user registered, as the store keeps it: the
 * credential's id and COSE public key (base64url), the signature counter last
 * seen, and whether the authenticator may sync it to other devices.
 */
export interface Passkey {
  /** The second factor's id (what the account page removes or renames). */
  readonly factorId: string;
  readonly userId: string;
  /** base64url, as the browser hands it over. */
  readonly credentialId: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  /** Backup eligible (a synced passkey): a software key rather than a key held in one device. */
  readonly synced: boolean;
  readonly transports: readonly string[];
  readonly label: string;
  readonly createdAt: Date;
}

/** A credential just verified at registration, before it is stored. */
export type NewPasskey = Pick<Passkey, 'credentialId' | 'publicKey' | 'counter' | 'synced' | 'transports'>;

/**
 * Whether an assertion's signature counter may follow the stored one
 * (WebAuthn §6.1.1): it must grow, unless the authenticator keeps no counter
 * at all (both zero, as synced passkeys do). A counter that does not grow
 * hints at a cloned authenticator: the assertion is refused.
 */
export function counterAccepted(stored: number, presented: number): boolean {
  // Counters are never negative: a zero sum is both zero.
  return presented > stored || presented + stored === 0;
}

/** The RFC 8176 method a passkey proves: `swk` for a synced (software) key, `hwk` for one bound to its device. */
export function passkeyMethod(passkey: Pick<Passkey, 'synced'>): Extract<SecondFactorMethod, 'hwk' | 'swk'> {
  return passkey.synced ? 'swk' : 'hwk';
}

/** The longest name a user may give a passkey; longer names are cut. */
export const PASSKEY_LABEL_MAX = 64;

/** A passkey's name as stored: trimmed, cut, never empty (`fallback` then). */
export function passkeyLabelOf(input: string, fallback: string): string {
  const label = input.trim().slice(0, PASSKEY_LABEL_MAX);
  return label === '' ? fallback : label;
}

/**
 * The WebAuthn relying party of an issuer: its host name is the RP ID. A
 * browser refuses an IP address as an RP ID, so an issuer on one cannot hold
 * passkeys: null then.
 */
export function relyingPartyOf(issuer: string): { readonly id: string; readonly origin: string } | null {
  const url = new URL(issuer);
  const host = url.hostname;
  if (isIpAddress(host)) return null;
  return { id: host, origin: url.origin };
}

function isIpAddress(host: string): boolean {
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

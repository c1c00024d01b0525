import type { SecondFactorMethod } from './SecondFactor';

/** The Authentication Context Class References the service announces and answers, lowest first. */
export const ACR_PASSWORD = 'urn:auth-service:acr:password';
export const ACR_MFA = 'urn:auth-service:acr:mfa';
export const ACR_PHISHING_RESISTANT = 'urn:auth-service:acr:phishing-resistant';
export const ACR_VALUES = [ACR_PASSWORD, ACR_MFA, ACR_PHISHING_RESISTANT] as const;
export type Acr = (typeof ACR_VALUES)[number];

/** RFC 8176 Authentication Method Reference values the service uses. */
export type AuthenticationMethod = 'pwd' | SecondFactorMethod | 'mfa';

export function isAcr(value: string): value is Acr {
  return (ACR_VALUES as readonly string[]).includes(value);
}

/** Whether a sign-in at `have` satisfies a request for `want`: a higher level satisfies a lower one. */
export function satisfiesAcr(have: Acr, want: Acr): boolean {
  return ACR_VALUES.indexOf(have) >= ACR_VALUES.indexOf(want);
}

/** The higher of two levels. */
export function higherAcr(a: Acr, b: Acr): Acr {
  return satisfiesAcr(a, b) ? a : b;
}

/**
 * What a sign-in proved: the methods used (RFC 8176 `amr`) and the level
 * they reach (`acr`). A passkey alone (no password) is phishing-resistant too.
 */
export interface Authentication {
  readonly amr: readonly AuthenticationMethod[];
  readonly acr: Acr;
}

/** A password alone: what every sign-in without a second factor proves. */
export const PASSWORD_ONLY: Authentication = { amr: ['pwd'], acr: ACR_PASSWORD };

/**
 * The authentication after the methods `used` (`pwd` and/or factor methods):
 * `mfa` is added once two different methods were used; a hardware or software
 * key (a passkey) reaches phishing resistance, a code the mfa level.
 */
export function authenticationOf(used: readonly (SecondFactorMethod | 'pwd')[]): Authentication {
  const methods = [...new Set(used)];
  const amr: AuthenticationMethod[] = methods.length > 1 ? [...methods, 'mfa'] : methods;
  const keyUsed = methods.includes('hwk') || methods.includes('swk');
  const acr: Acr = keyUsed ? ACR_PHISHING_RESISTANT : methods.length > 1 ? ACR_MFA : ACR_PASSWORD;
  return { amr, acr };
}

/**
 * A passkey alone, the user verified by the authenticator (a PIN or a
 * biometric unlocks the key): a multi-factor cryptographic authenticator
 * (NIST SP 800-63B §5.1.9), so `mfa` beside the key's method, phishing-resistant.
 */
export function passkeyAloneAuthentication(method: 'hwk' | 'swk'): Authentication {
  return { amr: [method, 'mfa'], acr: ACR_PHISHING_RESISTANT };
}

/** The level a request's `acr_values` asks for: the lowest known one (any of them satisfies it); null when none is known. */
export function requestedAcr(values: readonly string[]): Acr | null {
  const known = values.filter(isAcr);
  if (known.length === 0) return null;
  return known.reduce((lowest, value) => (satisfiesAcr(lowest, value) ? value : lowest));
}

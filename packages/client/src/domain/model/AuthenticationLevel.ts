import { InsufficientUserAuthenticationError } from '../errors';

/**
 * The authentication levels (`acr`) the auth service publishes (`acr_values_supported`), weakest first:
 * a higher level satisfies a requirement of a lower one.
 */
export const ACR_LEVELS: readonly string[] = Object.freeze([
  'urn:auth-service:acr:password',
  'urn:auth-service:acr:mfa',
  'urn:auth-service:acr:phishing-resistant',
]);

/** A route's requirement: a level, from an ordered list, and optionally how long ago the sign-in may be. */
export interface AuthenticationRequirement {
  readonly acr: string;
  /** Seconds since the sign-in (`auth_time`) at most; undefined for any. */
  readonly maxAge: number | undefined;
  /** Weakest first; `acr` is one of them. */
  readonly levels: readonly string[];
}

/**
 * Throws InsufficientUserAuthenticationError unless the verified claims meet the requirement (RFC 9470 §3):
 * their `acr` is the required level or a higher one (an `acr` not in the list meets none), and with a
 * `maxAge`, their `auth_time` is at most that many seconds before `now` (seconds since the epoch).
 */
export function checkAuthentication(claims: Readonly<Record<string, unknown>>, requirement: AuthenticationRequirement, now: number): void {
  const { acr, auth_time: authTime } = claims;
  // indexOf finds no level for anything that is not one of its strings.
  const rank = requirement.levels.indexOf(acr as string);
  if (rank < requirement.levels.indexOf(requirement.acr)) {
    throw new InsufficientUserAuthenticationError(requirement.acr, undefined, 'A different authentication level is required');
  }
  if (requirement.maxAge !== undefined && (typeof authTime !== 'number' || !(now - authTime <= requirement.maxAge))) {
    throw new InsufficientUserAuthenticationError(requirement.acr, requirement.maxAge, 'More recent authentication is required');
  }
}

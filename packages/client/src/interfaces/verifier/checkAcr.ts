import { ACR_LEVELS, checkAuthentication, type AuthenticationRequirement } from '../../domain/model/AuthenticationLevel';
import type { VerifiedToken } from '../../domain/model/VerifiedToken';
import type { Clock } from '../../domain/ports/Clock';
import { ConfigError } from '../../infrastructure/config/ConfigError';
import { SystemClock } from '../../infrastructure/system/SystemClock';

/** How a route's authentication level is checked besides the level itself. */
export interface AcrOptions {
  /** Seconds since the user signed in (`auth_time`) at most; a token without `auth_time` then fails. Default: any age. */
  readonly maxAge?: number;
  /** The levels the auth service publishes, weakest first. Default ACR_LEVELS. */
  readonly levels?: readonly string[];
  /** Default: the system clock. */
  readonly clock?: Clock;
}

/** A checked requirement with its clock: what requireAcr builds once per route. */
export interface AcrCheck {
  readonly requirement: AuthenticationRequirement;
  readonly clock: Clock;
}

/** The requirement of `value` and `options`, checked. @throws ConfigError naming every problem. */
export function acrCheckOf(value: string, options: AcrOptions): AcrCheck {
  const levels = Object.freeze([...(options.levels ?? ACR_LEVELS)]);
  const { maxAge } = options;
  const problems: string[] = [];
  if (!levels.includes(value)) problems.push(`requireAcr: ${JSON.stringify(value)} is not one of the levels ${levels.join(', ')}`);
  if (maxAge !== undefined && !(Number.isSafeInteger(maxAge) && maxAge >= 0)) problems.push('requireAcr: maxAge must be a whole number of seconds, 0 or more');
  if (problems.length > 0) throw new ConfigError(problems);
  return { requirement: Object.freeze({ acr: value, maxAge, levels }), clock: options.clock ?? new SystemClock() };
}

/** Throws InsufficientUserAuthenticationError unless `token` meets the check. */
export function meetsAcrCheck(token: VerifiedToken, check: AcrCheck): void {
  checkAuthentication(token.claims, check.requirement, Math.floor(check.clock.now().getTime() / 1000));
}

/**
 * The framework-free form of `requireAcr`: throws InsufficientUserAuthenticationError (answer it with
 * `tokenErrorAnswer`) unless the verified token's `acr` is `value` or a higher level of `levels`, and, with
 * `maxAge`, its `auth_time` is at most `maxAge` seconds ago (RFC 9470).
 *
 * ```ts
 * const token = await verifier.verifyRequest(request);
 * checkAcr(token, 'urn:auth-service:acr:mfa', { maxAge: 300 });
 * ```
 *
 * @throws ConfigError when `value` is not one of `levels` or `maxAge` is not a whole number of seconds.
 */
export function checkAcr(token: VerifiedToken, value: string, options: AcrOptions = {}): void {
  meetsAcrCheck(token, acrCheckOf(value, options));
}

import { DpopBindingError } from '../errors';

/** The proof algorithms accepted (RFC 9449 §5, `dpop_signing_alg_values_supported`): asymmetric only, pinned. */
export const DPOP_ALGORITHMS: readonly string[] = Object.freeze(['ES256', 'PS256', 'RS256', 'EdDSA']);

/** How far a proof's `iat` may lie from now, either way, in seconds; a proof's `jti` is remembered this long after it. */
export const DPOP_PROOF_WINDOW_SECONDS = 60;

/** The scheme of an `Authorization` header the library accepts a token with. */
export type AuthorizationScheme = 'Bearer' | 'DPoP';

/** What a DPoP proof is checked against: the request as this service sees it. */
export interface DpopRequest {
  /** The request method, as sent (`GET`). */
  readonly method: string;
  /** The request URL without query and fragment: scheme, host (and port) and path, as the client addressed them. */
  readonly url: string;
  /** The request's `DPoP` header(s), as the HTTP library hands them over. */
  readonly dpop: string | readonly string[] | undefined;
}

/** A proof whose signature verified: the RFC 7638 thumbprint of its key and its claims, unchecked. */
export interface SignedDpopProof {
  readonly jkt: string;
  readonly claims: Readonly<Record<string, unknown>>;
}

/** What the proof must match. */
export interface DpopExpectation {
  /** The thumbprint the token is bound to (`cnf.jkt`). */
  readonly jkt: string;
  readonly method: string;
  readonly url: string;
  /** base64url(SHA-256(access token)). */
  readonly ath: string;
  /** Seconds since the epoch. */
  readonly now: number;
}

/** The longest `jti` taken: a random identifier needs far less, and the replay cache need not hold more. */
const MAX_JTI_LENGTH = 256;

/** The key a token is bound to (`cnf.jkt`, RFC 9449 §6.1), or null for a token bound to none. */
export function boundKeyOf(claims: Readonly<Record<string, unknown>>): string | null {
  const cnf = claims.cnf;
  const jkt = typeof cnf === 'object' && cnf !== null ? (cnf as { jkt?: unknown }).jkt : undefined;
  return typeof jkt === 'string' ? jkt : null;
}

/** A bound token only with the DPoP scheme, an unbound one only with Bearer (RFC 9449 §7.1, §7.2). */
export function checkScheme(scheme: AuthorizationScheme, jkt: string | null): void {
  if (jkt !== null && scheme !== 'DPoP') throw new DpopBindingError('the token is DPoP-bound: present it with the DPoP scheme and a proof');
  if (jkt === null && scheme === 'DPoP') throw new DpopBindingError('the token is not DPoP-bound: present it with the Bearer scheme');
}

/** The one proof of a request's `DPoP` header(s), or a problem: none, several (RFC 9449 §4.3 checks 1 and 2). */
export function singleProof(dpop: DpopRequest['dpop']): string | { readonly problem: string } {
  const values = typeof dpop === 'string' ? [dpop] : (dpop ?? []);
  if (values.length === 0 || values[0].trim() === '') return { problem: 'the request has no DPoP proof' };
  // Node joins repeated headers with ", "; a compact JWS holds no comma.
  if (values.length > 1 || values[0].includes(',')) return { problem: 'the request has more than one DPoP proof' };
  return values[0].trim();
}

/**
 * The first rule of RFC 9449 §4.3 (checks 9 to 12) a signed proof breaks, or null when it keeps them all:
 * the token's key, `htm`, `htu` (query and fragment ignored, RFC 3986 normalisation), `iat` within the
 * window, a `jti`, `ath`.
 */
export function dpopProofProblem(proof: SignedDpopProof, expected: DpopExpectation): string | null {
  const { htm, htu, iat, jti, ath } = proof.claims;
  if (proof.jkt !== expected.jkt) return 'the proof is signed with another key than the token is bound to';
  if (htm !== expected.method) return 'the proof is for another method (htm)';
  if (typeof htu !== 'string' || !sameTarget(htu, expected.url)) return 'the proof is for another URL (htu)';
  if (typeof iat !== 'number' || !(Math.abs(expected.now - iat) <= DPOP_PROOF_WINDOW_SECONDS)) return 'the proof was not issued just now (iat)';
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > MAX_JTI_LENGTH) return 'the proof has no usable identifier (jti)';
  if (ath !== expected.ath) return 'the proof is for another access token (ath)';
  return null;
}

/** Whether two URLs name the same target, query and fragment aside: scheme and host case, default ports, dot segments. */
export function sameTarget(htu: string, url: string): boolean {
  if (htu === url) return true;
  const a = targetOf(htu);
  return a !== null && a === targetOf(url);
}

function targetOf(text: string): string | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

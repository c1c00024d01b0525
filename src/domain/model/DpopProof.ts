import { InvalidDpopProofError } from '../dpopErrors';
import { isPublicJwkFor, type PublicJwk } from './jwkThumbprint';

/** The asymmetric algorithms a proof may be signed with (discovery's `dpop_signing_alg_values_supported`). */
export const DPOP_ALGORITHMS = ['ES256', 'PS256', 'RS256', 'EdDSA'] as const;
export type DpopAlgorithm = (typeof DPOP_ALGORITHMS)[number];

/**
 * RFC 9864's fully-specified name for EdDSA over Ed25519, which WebCrypto-based clients (oauth4webapi,
 * openid-client 6) put in the header of an Ed25519 key's proofs: taken as EdDSA with that curve.
 */
const FULLY_SPECIFIED: ReadonlyMap<unknown, { readonly alg: DpopAlgorithm; readonly crv: string }> = new Map([['Ed25519', { alg: 'EdDSA', crv: 'Ed25519' }]]);

/** How far back a proof's `iat` may lie; its `jti` is remembered that long. */
export const DPOP_PROOF_MAX_AGE_SECONDS = 60;
/** How far ahead of this service's clock a proof's `iat` may lie (the client's clock runs fast). */
export const DPOP_PROOF_MAX_SKEW_SECONDS = 5;
/** Far above any jti a client sends (RFC 9449 §4.2: 96 random bits suffice). */
const MAX_JTI_LENGTH = 256;

/** A proof's protected header as decoded, unchecked. */
export interface DpopProofHeader {
  readonly typ?: unknown;
  readonly alg?: unknown;
  readonly jwk?: unknown;
}

/** A proof's claims as decoded, unchecked. */
export type DpopProofClaims = Readonly<Record<string, unknown>>;

/** The request a proof must be for: its method, the URLs it may name as `htu`, and the access token it presents. */
export interface DpopRequest {
  readonly method: string;
  /** The endpoint's URLs without query or fragment (the issuer's and the request's own). */
  readonly urls: readonly string[];
  readonly accessToken?: string;
}

/** RFC 9449 §4.3 checks 4-6 on the header: `typ`, an `alg` of the pinned list, a public key of that algorithm's type. */
export function checkedProofHeader(header: DpopProofHeader): { readonly alg: DpopAlgorithm; readonly jwk: PublicJwk } {
  if (header.typ !== 'dpop+jwt') throw new InvalidDpopProofError('typ is not dpop+jwt');
  const named = FULLY_SPECIFIED.get(header.alg);
  const alg = named?.alg ?? header.alg;
  if (!(DPOP_ALGORITHMS as readonly unknown[]).includes(alg)) throw new InvalidDpopProofError('alg is not one of ES256, PS256, RS256, EdDSA');
  const jwk = header.jwk;
  if (!isPublicJwkFor(jwk, alg as DpopAlgorithm) || (named !== undefined && jwk.crv !== named.crv)) throw new InvalidDpopProofError('jwk is not a public key of the alg');
  return { alg: alg as DpopAlgorithm, jwk };
}

/**
 * RFC 9449 §4.3 checks 8-11 on the claims: a `jti`, `htm` the request's method, `htu` one of the endpoint's URLs
 * (compared without query and fragment), `iat` within the window around `now`, and `ath` the hash of the
 * presented access token when there is one (`athOf` hashes it). Returns the `jti` and `iat`.
 */
export function checkedProofClaims(claims: DpopProofClaims, request: DpopRequest, now: number, athOf: (token: string) => string): { readonly jti: string; readonly iat: number } {
  const { jti, htm, htu, iat } = claims;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > MAX_JTI_LENGTH) throw new InvalidDpopProofError('jti missing or too long');
  if (htm !== request.method) throw new InvalidDpopProofError('htm is not the request method');
  // Not a string: String() makes no URL of it, and no endpoint URL is anything else.
  if (!request.urls.includes(withoutQueryAndFragment(String(htu)))) throw new InvalidDpopProofError('htu is not the endpoint');
  // Number.isFinite is false for anything but a finite number.
  if (!Number.isFinite(iat)) throw new InvalidDpopProofError('iat missing');
  if ((iat as number) < now - DPOP_PROOF_MAX_AGE_SECONDS) throw new InvalidDpopProofError('iat too old');
  if ((iat as number) > now + DPOP_PROOF_MAX_SKEW_SECONDS) throw new InvalidDpopProofError('iat in the future');
  if (request.accessToken !== undefined && claims.ath !== athOf(request.accessToken)) throw new InvalidDpopProofError('ath is not the hash of the access token');
  return { jti, iat: iat as number };
}

/** RFC 9449 §4.3 check 9: `htu` compared without its query and fragment (RFC 3986 §6.2.2-6.2.3 normalised by URL); not a URL: unchanged. */
export function withoutQueryAndFragment(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return uri;
  }
  url.search = '';
  url.hash = '';
  return url.href;
}

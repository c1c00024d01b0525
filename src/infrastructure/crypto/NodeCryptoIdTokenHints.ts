import { constants, verify, type KeyObject, type VerifyKeyObjectInput } from 'node:crypto';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { ServiceIssuer } from '../../domain/model/ServiceIssuer';
import type { IdTokenHint, IdTokenHints } from '../../domain/ports/IdTokenHints';
import type { VerificationKey } from '@auth-service/client';
import { publicKeyFromText } from './keyText';

/** Far beyond any ID token of ours (a few hundred bytes); longer input is not worth parsing. */
const MAX_HINT_LENGTH = 8192;
const COMPACT_JWS = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;
const ASYMMETRIC_ALG = /^(RS|PS|ES)(256|384|512)$/;

/**
 * IdTokenHints with node:crypto over the service's key ring. A hint counts
 * only when all of this holds: a compact JWS whose header names a `kid` of
 * the ring and exactly that key's algorithm (no `alg` switching, no `none`,
 * no `crit`), `typ` absent or `JWT` (an OAuth access token is `at+jwt`), a
 * valid signature, `iss` the settled issuer, a `sub`, an `aud` naming one
 * client and no `client_id` claim (which every OAuth access token carries).
 * `exp` is deliberately not checked: RP-Initiated Logout §2 wants expired ID
 * tokens accepted as hints. HMAC keys never vouch for a hint: under hmac
 * signing every resource service holds the secret (the key endpoint hands it
 * out), so such a hint proves nothing about this service; the user confirms.
 */
export class NodeCryptoIdTokenHints implements IdTokenHints {
  /** Parsed public keys by the ring's key objects (immutable, replaced whole on rotation). */
  private readonly parsed = new WeakMap<VerificationKey, KeyObject>();

  constructor(
    private readonly ring: KeyRing,
    private readonly issuer: ServiceIssuer,
  ) {}

  read(hint: string): IdTokenHint | null {
    if (hint.length > MAX_HINT_LENGTH) return null;
    const parts = COMPACT_JWS.exec(hint);
    if (parts === null) return null;
    const header = jsonObjectOf(parts[1]);
    if (header === null || typeof header.kid !== 'string' || typeof header.alg !== 'string' || 'crit' in header) return null;
    if (header.typ !== undefined && (typeof header.typ !== 'string' || header.typ.toUpperCase() !== 'JWT')) return null;
    const key = this.ring.keyFor(header.kid);
    if (key === undefined || key.method === 'hmac' || key.algorithms.length !== 1 || key.algorithms[0] !== header.alg) return null;
    if (!this.signatureFits(key, header.alg, `${parts[1]}.${parts[2]}`, parts[3])) return null;
    const claims = jsonObjectOf(parts[2]);
    if (claims === null || claims.iss !== this.issuer.value || 'client_id' in claims) return null;
    const clientId = soleAudience(claims.aud);
    if (typeof claims.sub !== 'string' || claims.sub === '' || clientId === null) return null;
    return {
      subject: claims.sub,
      clientId,
      ...(typeof claims.auth_time === 'number' ? { authTime: claims.auth_time } : {}),
      ...(typeof claims.sid === 'string' ? { sid: claims.sid } : {}),
    };
  }

  private signatureFits(key: VerificationKey, alg: string, signingInput: string, signature: string): boolean {
    const family = ASYMMETRIC_ALG.exec(alg);
    if (family === null) return false;
    const options: VerifyKeyObjectInput =
      family[1] === 'PS'
        ? // RFC 7518 §3.5: MGF1 on the same hash, salt as long as the hash.
          { key: this.keyObjectOf(key), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: Number(family[2]) / 8 }
        : family[1] === 'ES'
          ? { key: this.keyObjectOf(key), dsaEncoding: 'ieee-p1363' }
          : { key: this.keyObjectOf(key) };
    try {
      return verify(`sha${family[2]}`, Buffer.from(signingInput), options, Buffer.from(signature, 'base64url'));
    } catch {
      // A signature of the wrong size for the key, or a key of another type than the algorithm: no match.
      return false;
    }
  }

  private keyObjectOf(key: VerificationKey): KeyObject {
    let parsed = this.parsed.get(key);
    if (parsed === undefined) {
      parsed = publicKeyFromText(key.material);
      this.parsed.set(key, parsed);
    }
    return parsed;
  }
}

function jsonObjectOf(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The client an ID token's `aud` names: a string, or a list of exactly one (OIDC Core §2 allows both). */
function soleAudience(aud: unknown): string | null {
  if (typeof aud === 'string') return aud === '' ? null : aud;
  if (Array.isArray(aud) && aud.length === 1 && typeof aud[0] === 'string' && aud[0] !== '') return aud[0];
  return null;
}

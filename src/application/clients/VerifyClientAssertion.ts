import type { Clock } from '@auth-service/client';
import { isClientAssertionAlg, keyFitsAlg, type ClientAssertionAlg, type PublicJwk } from '../../domain/model/ClientJwks';
import { epochSeconds } from '../../domain/model/epochSeconds';
import { authenticatesWithKeys, type OAuthClient } from '../../domain/model/OAuthClient';
import type { ServiceIssuer } from '../../domain/model/ServiceIssuer';
import type { ClientKeySource } from '../../domain/ports/ClientKeySource';
import type { JwsVerifier } from '../../domain/ports/JwsVerifier';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { UsedAssertionStore } from '../../domain/ports/UsedAssertionStore';
import { readJws, type ReadJws } from './clientAssertionJws';

/** `client_assertion_type` of RFC 7523 §2.2. */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Longest an assertion may still be valid for when presented: it is made for one request. */
export const MAX_ASSERTION_SECONDS = 300;
/** Leeway for the client's clock on `iat` and `nbf`. */
const CLOCK_SKEW_SECONDS = 30;
const MAX_JTI_LENGTH = 256;

/** A client assertion as presented to an endpoint (private_key_jwt). */
export interface PresentedAssertion {
  readonly assertion: string;
  /** `client_id` sent beside it, if any: it must name the assertion's client. */
  readonly clientId?: string;
  /** The endpoint's path under the issuer (`/oauth/token`): its URL is an `aud` accepted beside the issuer. */
  readonly endpointPath: string;
}

/**
 * private_key_jwt (RFC 7523 §3, OpenID Connect Core §9): the assertion is a JWS of a pinned asymmetric
 * algorithm, `iss` = `sub` = a confidential client registered with keys, `aud` the issuer or the
 * endpoint's URL, `exp` present and at most MAX_ASSERTION_SECONDS ahead, `nbf` and `iat` not in the
 * future, signed by one of the client's keys (its `--jwks-uri` fetched again once for a kid it lacks),
 * and its `jti` never accepted before on any instance. The client, or null whichever check failed:
 * the caller answers every failure alike.
 */
export class VerifyClientAssertion {
  constructor(
    private readonly clients: Pick<OAuthClientStore, 'find'>,
    private readonly keys: ClientKeySource,
    private readonly jws: JwsVerifier,
    private readonly used: UsedAssertionStore,
    private readonly issuer: ServiceIssuer,
    private readonly clock: Clock,
  ) {}

  /** The client the assertion claims to be (`iss` = `sub`, and `client_id` when sent), unchecked: what the limits count against. */
  claimedClient(presented: PresentedAssertion): string | null {
    return claimed(presented)?.id ?? null;
  }

  async execute(presented: PresentedAssertion): Promise<OAuthClient | null> {
    const found = claimed(presented);
    if (found === null) return null;
    const { id, read } = found;
    const alg = read.header.alg;
    if (!isClientAssertionAlg(alg) || read.header.crit !== undefined) return null;
    const now = epochSeconds(this.clock.now());
    const exp = expiryOf(read, now);
    const jti = read.claims.jti;
    if (exp === null || !this.audienceFits(read.claims.aud, presented.endpointPath)) return null;
    if (typeof jti !== 'string' || jti === '' || jti.length > MAX_JTI_LENGTH) return null;
    const client = await this.clients.find(id);
    if (client === null || client.kind !== 'confidential' || !authenticatesWithKeys(client)) return null;
    if (!(await this.signedByClient(client, presented.assertion, alg, read.header.kid))) return null;
    // Last: only an assertion the client really signed takes its jti, so nobody else can use one up.
    return (await this.used.useOnce(client.id, jti, exp, now)) ? client : null;
  }

  private audienceFits(aud: unknown, endpointPath: string): boolean {
    const issuer = this.issuer.value;
    const accepted: unknown[] = [issuer, `${issuer.replace(/\/+$/, '')}${endpointPath}`];
    const audiences: unknown[] = Array.isArray(aud) ? aud : [aud];
    return audiences.some((audience) => accepted.includes(audience));
  }

  private async signedByClient(client: OAuthClient, assertion: string, alg: ClientAssertionAlg, kid: unknown): Promise<boolean> {
    if (kid !== undefined && typeof kid !== 'string') return false;
    const fitting = (keys: readonly PublicJwk[]) => keys.filter((key) => keyFitsAlg(key, alg) && (kid === undefined || key.kid === kid));
    let candidates = fitting(await this.keysOf(client, false));
    // A kid the cached set lacks may be a key the client just rotated in: fetched once more (the source's cooldown bounds it;
    // a registered set answers the same again).
    if (candidates.length === 0 && kid !== undefined) candidates = fitting(await this.keysOf(client, true));
    return candidates.some((key) => this.jws.verify(assertion, alg, key));
  }

  private async keysOf(client: OAuthClient, fresh: boolean): Promise<readonly PublicJwk[]> {
    if (client.jwks !== undefined) return client.jwks;
    try {
      return await this.keys.keysAt(client.jwksUri!, fresh);
    } catch {
      // The client's key server is down or serves no JWKS: the client cannot be authenticated, like with no key.
      return [];
    }
  }
}

/** The assertion read, with the client it claims to be (`iss` = `sub`, and `client_id` when sent); null when it claims none. */
function claimed(presented: PresentedAssertion): { id: string; read: ReadJws } | null {
  const read = readJws(presented.assertion);
  const { iss, sub } = read?.claims ?? {};
  if (typeof iss !== 'string' || iss === '' || iss !== sub) return null;
  return presented.clientId === undefined || presented.clientId === iss ? { id: iss, read: read! } : null;
}

/** `exp` when it is ahead of now by at most MAX_ASSERTION_SECONDS and `nbf` and `iat`, when present, are numbers not after now (with skew); else null. */
function expiryOf({ claims }: ReadJws, now: number): number | null {
  const { exp, nbf, iat } = claims;
  if (typeof exp !== 'number' || exp <= now || exp > now + MAX_ASSERTION_SECONDS) return null;
  return [nbf, iat].every((time) => time === undefined || (typeof time === 'number' && time <= now + CLOCK_SKEW_SECONDS)) ? exp : null;
}

import { ClientUnauthorizedError, TokenExpiredError, TokenInvalidError } from '../../domain/errors';
import type { AccessTokenClaims } from '@auth-service/client';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { FindActiveToken } from './FindActiveToken';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import { boundKeyOf } from '../../domain/model/tokenBinding';

/** Far above any token this service issues (a JWT of ours is under 2 KiB, a refresh token 43 characters): a longer one is not ours. */
export const MAX_INTROSPECTED_TOKEN_LENGTH = 8 * 1024;

export interface IntrospectTokenInput {
  /** RFC 7662 §2.1 `token`. */
  readonly token: string;
  /** RFC 7662 §2.1 `token_type_hint`: only orders the search; an unknown one is ignored. */
  readonly tokenTypeHint?: string;
  /** The caller as AuthenticateClient left it; null when it presented no credentials. */
  readonly client: Pick<AuthenticatedClient, 'id' | 'confidential'> | null;
}

export interface InactiveToken {
  readonly active: false;
}

/** RFC 7662 §2.2 for an access token, in this order; optional members only when the token carries them. */
export interface ActiveAccessToken {
  readonly active: true;
  readonly scope?: string;
  readonly client_id?: string;
  readonly sub: string;
  readonly aud?: string | readonly string[];
  readonly exp: number;
  readonly iat: number;
  readonly iss: string;
  /** `DPoP` for a token bound to a key (RFC 9449 §6.2), with `cnf`. */
  readonly token_type: 'Bearer' | 'DPoP';
  readonly jti: string;
  /** A user token's `account`; never any other user field. */
  readonly username?: string;
  /** RFC 9449 §6.2: the thumbprint of the key the token is bound to. */
  readonly cnf?: { readonly jkt: string };
}

/** RFC 7662 §2.2 for a refresh token: only ever answered to the client it was issued to. */
export interface ActiveRefreshToken {
  readonly active: true;
  readonly scope?: string;
  readonly client_id: string;
  readonly sub: string;
  /** The earlier of the family's absolute end and its idle timeout. */
  readonly exp: number;
  /** When the current token was issued: the sign-in or the last rotation. */
  readonly iat: number;
  readonly token_type: 'refresh_token';
}

export type IntrospectTokenResult = InactiveToken | ActiveAccessToken | ActiveRefreshToken;

const INACTIVE: InactiveToken = Object.freeze({ active: false });

type Search = (token: string, clientId: string) => Promise<IntrospectTokenResult | null>;

/**
 * RFC 7662 token introspection, as oidc-provider's `lib/actions/introspection.js`
 * answers it: a client that proved its secret (a public client proves nothing
 * and gets ClientUnauthorizedError, like no client at all) asks whether a token
 * is active. An access token is active when the one token finder
 * (FindActiveToken, which userinfo and the refresh ask too) accepts it:
 * signature, issuer, expiry, revocation, and its user still active in the
 * user store; whoever it was issued to, as a resource server would accept it.
 * A refresh token is active only for the client its family is bound to, while
 * the finder finds it active (the family's current token, the family alive,
 * its user still allowed to receive tokens); looking it up
 * neither spends nor rotates it. Anything else, garbage and foreign tokens
 * included, is `{ active: false }` (§2.2). What cannot be decided now (no key
 * yet, revocations too stale, the store out of reach) is thrown, never answered
 * as inactive or active.
 */
export class IntrospectToken {
  constructor(
    private readonly tokens: Pick<FindActiveToken, 'verifyAccessToken' | 'refreshToken'>,
    private readonly families: Pick<RefreshTokenFamilies, 'policy'>,
  ) {}

  async execute(input: IntrospectTokenInput): Promise<IntrospectTokenResult> {
    if (input.client === null || !input.client.confidential) throw new ClientUnauthorizedError();
    if (input.token.length > MAX_INTROSPECTED_TOKEN_LENGTH) return INACTIVE;
    const access: Search = (token) => this.accessToken(token);
    const refresh: Search = (token, clientId) => this.refreshToken(token, clientId);
    // §2.1: the hint only saves a lookup; every kind is searched whatever it says.
    const searches = input.tokenTypeHint === 'refresh_token' ? [refresh, access] : [access, refresh];
    for (const search of searches) {
      const answer = await search(input.token, input.client.id);
      if (answer !== null) return answer;
    }
    return INACTIVE;
  }

  private async accessToken(token: string): Promise<ActiveAccessToken | null> {
    let claims: AccessTokenClaims;
    try {
      claims = await this.tokens.verifyAccessToken(token);
    } catch (error) {
      // Only a token the finder refuses (revoked, its user inactive included) is no active access token; "cannot decide now" propagates (503).
      if (error instanceof TokenInvalidError || error instanceof TokenExpiredError) return null;
      throw error;
    }
    return accessTokenAnswer(claims);
  }

  private async refreshToken(token: string, clientId: string): Promise<ActiveRefreshToken | null> {
    const found = await this.tokens.refreshToken(token, clientId);
    if (found?.state !== 'active') return null;
    const { family } = found;
    // The family's whole grant: what a refresh with this token may ask for.
    const scopes = family.granted.scopes;
    return {
      active: true,
      ...(scopes.length === 0 ? {} : { scope: scopes.join(' ') }),
      client_id: clientId,
      sub: family.subject,
      exp: Math.min(family.expiresAt, family.lastUsedAt + this.families.policy.idleSeconds),
      iat: family.lastUsedAt,
      token_type: 'refresh_token',
    };
  }
}

/** The answer for verified claims: `scope`, `client_id` and `aud` read generically, so they appear once tokens carry them. */
function accessTokenAnswer(claims: AccessTokenClaims): ActiveAccessToken {
  const scope = stringMember(claims, 'scope');
  const clientId = stringMember(claims, 'client_id');
  const aud = audienceOf(claims);
  // Only user tokens carry `account` (a client token carries no user claim).
  const username = stringMember(claims, 'account');
  const jkt = boundKeyOf(claims);
  return {
    active: true,
    ...(scope === undefined ? {} : { scope }),
    ...(clientId === undefined ? {} : { client_id: clientId }),
    sub: claims.sub,
    ...(aud === undefined ? {} : { aud }),
    exp: claims.exp,
    iat: claims.iat,
    iss: claims.iss,
    token_type: jkt === undefined ? 'Bearer' : 'DPoP',
    jti: claims.jti,
    ...(username === undefined ? {} : { username }),
    ...(jkt === undefined ? {} : { cnf: { jkt } }),
  };
}

function stringMember(source: object, name: string): string | undefined {
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** `aud` as the token has it: one string or a list of strings (RFC 7519 §4.1.3). */
function audienceOf(claims: AccessTokenClaims): string | readonly string[] | undefined {
  const aud = (claims as { aud?: unknown }).aud;
  if (typeof aud === 'string') return aud;
  if (Array.isArray(aud) && aud.every((entry) => typeof entry === 'string')) return aud as string[];
  return undefined;
}

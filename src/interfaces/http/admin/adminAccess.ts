import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { bearerToken } from '@auth-service/client';
import { TokenInvalidError, TokenMissingError } from '../../../domain/errors';
import { adminAllows, adminScopeOf, ADMIN_READ_SCOPE, type AdminArea } from '../../../domain/model/AdminScope';
import { isClientToken } from '../../../domain/model/clientToken';
import type { ActiveAccessTokens } from '../../../application/oauth/FindActiveToken';
import type { AttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import { bearerChallenge } from '../errors/bearerChallenge';
import { ProblemError } from './problem';

/** Who is calling: the admin client its token names, and the scopes granted to it. */
export interface AdminCaller {
  readonly clientId: string;
  readonly scopes: readonly string[];
}

/** The caller the authentication step found (set before any route runs). */
export function adminCaller(res: Response): AdminCaller {
  return res.locals.adminCaller as AdminCaller;
}

/**
 * The bearer check of every admin route: the service's own access token, through the one verification core
 * (signature, issuer, RFC 9068 typ, expiry, revocations: FindActiveToken), and a client's own token
 * (client_credentials): a user's token is refused as invalid for this API whatever its scopes.
 */
export function adminAuthentication(tokens: ActiveAccessTokens): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req.headers.authorization);
    if (token === null) return next(new TokenMissingError());
    Promise.resolve()
      .then(() => tokens.verifyAccessToken(token))
      .then((claims) => {
        if (!isClientToken(claims)) throw new TokenInvalidError('the admin API takes a client token (client_credentials), not a user token');
        const scope = (claims as { scope?: unknown }).scope;
        res.locals.adminCaller = { clientId: claims.client_id, scopes: typeof scope === 'string' ? scope.split(' ') : [] } satisfies AdminCaller;
        next();
      })
      .catch(next);
  };
}

/**
 * Calls per admin client in a sliding window, counted on the shared store (every instance one budget);
 * beyond it 429 with Retry-After. Runs after authentication, so a flood without a valid token costs no count.
 */
export function adminRateLimit(limiter: Pick<AttemptLimiter, 'reserve'>): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    limiter
      .reserve([`admin-client:${adminCaller(res).clientId}`])
      .then((reservation) => {
        if (reservation.retryAfterSeconds === null) return next();
        next(new ProblemError('too-many-requests', 'too many admin API calls by this client; wait and try again', { headers: { 'Retry-After': String(reservation.retryAfterSeconds) } }));
      })
      .catch(next);
  };
}

/** The scope check of one route: 403 with the RFC 6750 insufficient_scope challenge naming the scope that would do. */
export function requireAdminScope(area: AdminArea | 'events', write: boolean): RequestHandler {
  const needed = area === 'events' ? ADMIN_READ_SCOPE : write ? adminScopeOf(area) : `${ADMIN_READ_SCOPE} ${adminScopeOf(area)}`;
  const detail = area === 'events' ? 'reading the audit trail needs admin:read' : write ? `changing ${area} needs ${adminScopeOf(area)}` : `reading ${area} needs admin:read or ${adminScopeOf(area)}`;
  return (_req: Request, res: Response, next: NextFunction) => {
    if (adminAllows(adminCaller(res).scopes, area, write)) return next();
    next(new ProblemError('insufficient-scope', detail, { headers: { 'WWW-Authenticate': bearerChallenge('insufficient_scope', detail, needed) } }));
  };
}

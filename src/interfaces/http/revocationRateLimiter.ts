import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { TooManyLoginAttemptsError } from '@auth-service/client/internal/domain/errors';
import { SlidingWindowStore } from './SlidingWindowStore';

/** The RFC 7009 route, relative to the context path (TokenRevocationController). */
export const REVOCATION_ROUTE = '/oauth/revoke';

/**
 * Guessing protection on the revocation endpoint, with the login limits: per
 * client address (`req.ip`), only failed requests count (400 malformed, 401
 * bad client credentials); revocations that succeed never do. Once the limit
 * is reached every request is refused (429, Retry-After) until the window
 * slides on. Per process, like the login limiter it mirrors: a shared limiter
 * belongs behind the login use case's limiter port once that exists.
 */
export function revocationRateLimiter(options: { readonly maxAttempts: number; readonly windowSeconds: number }): Router {
  const router = Router();
  router.post(
    REVOCATION_ROUTE,
    rateLimit({
      identifier: 'revocation-per-address',
      store: new SlidingWindowStore(),
      windowMs: options.windowSeconds * 1000,
      limit: options.maxAttempts,
      keyGenerator: (req) => req.ip ?? req.socket.remoteAddress ?? '',
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.statusCode !== 400 && res.statusCode !== 401 && res.statusCode !== 429,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new TooManyLoginAttemptsError(options.windowSeconds)),
      validate: { xForwardedForHeader: false },
    }),
  );
  return router;
}

import { Router, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { TooManyLoginAttemptsError } from '../../domain/errors';
import { SlidingWindowStore } from './SlidingWindowStore';

/** The login route, relative to the context path (LoginController's `/oauth/jwt` + `/token`). */
export const LOGIN_ROUTE = '/oauth/jwt/token';

export interface LoginRateLimitOptions {
  /** Attempts allowed per client address, and separately per account, in any window. */
  readonly maxAttempts: number;
  readonly windowSeconds: number;
  /** Middleware run on the login route before the limits (login metrics). */
  readonly observers?: readonly RequestHandler[];
  /**
   * Called once, the first time a login carries X-Forwarded-For that `trust
   * proxy` ignores: behind a proxy every client would then share its address.
   */
  readonly onIgnoredForwardedFor?: () => void;
}

/**
 * Brute-force protection on the login route, with express-rate-limit: first a
 * limit per client address (`req.ip`, so behind a load balancer set
 * AUTH_TRUST_PROXY), then a limit per account named in the body. Only attempts
 * that guessed wrong (401) count: a brute-force attack is made of those, while
 * users who log in successfully, or send an incomplete form (400), never lock
 * themselves or their office's shared address out. Once the limit is reached,
 * every attempt is refused until the window slides on, even one with the right
 * password. Refusals go to the error mapper (429 envelope)
 * after the library has set Retry-After and the RateLimit headers.
 * Mounted at the context path after body parsing.
 */
export function loginRateLimiter(options: LoginRateLimitOptions): Router {
  const common = {
    windowMs: options.windowSeconds * 1000,
    limit: options.maxAttempts,
    // draft-8 headers are appended per named policy, so both limits show.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyLoginAttemptsError()),
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    // Reported once through our logger instead (see ignoredForwardedFor), not as a stack trace on stderr.
    validate: { xForwardedForHeader: false },
  } satisfies Parameters<typeof rateLimit>[0];

  const perAddress = rateLimit({ ...common, identifier: 'login-per-address', store: new SlidingWindowStore() });
  const perAccount = rateLimit({
    ...common,
    identifier: 'login-per-account',
    store: new SlidingWindowStore(),
    keyGenerator: (req) => accountKey(req) ?? '',
    // An attempt without a username is refused by the login itself; the address limit still counts it.
    skip: (req) => accountKey(req) === null,
  });

  const router = Router();
  router.post(LOGIN_ROUTE, ...(options.observers ?? []), ignoredForwardedFor(options.onIgnoredForwardedFor), perAddress, perAccount);
  return router;
}

function ignoredForwardedFor(report: (() => void) | undefined): RequestHandler {
  let reported = report === undefined;
  return (req, _res, next) => {
    if (!reported && req.headers['x-forwarded-for'] !== undefined && req.ip === req.socket.remoteAddress) {
      reported = true;
      report?.();
    }
    next();
  };
}

/** Case and surrounding spaces do not make a different account for the limit. */
function accountKey(req: Request): string | null {
  const body = req.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 256) : '';
  return username.length > 0 ? `account:${username}` : null;
}

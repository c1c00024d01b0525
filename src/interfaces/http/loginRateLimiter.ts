import { Router, type Request, type RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { TooManyLoginAttemptsError } from '../../domain/errors';
import { accountKey as accountNameKey } from '../../domain/model/AccountName';
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
  /**
   * Count attempts in flight against an account too, so parallel guesses stop
   * at the limit. For authenticators that check passwords; with the stub
   * (every attempt succeeds) it would only refuse concurrent logins.
   */
  readonly countInFlightPerAccount?: boolean;
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
 * In-flight logins never count: only finished wrong guesses do.
 * Mounted at the context path after body parsing.
 */
export function loginRateLimiter(options: LoginRateLimitOptions): Router {
  const perAddress = failureLimit('login-per-address', (req) => req.ip ?? req.socket.remoteAddress ?? null, options);
  // One per-account policy: counting attempts in flight (real user stores) or finished wrong guesses.
  const perAccountFailures = options.countInFlightPerAccount ? null : failureLimit('login-per-account', accountKey, options);
  const perAccount = perAccountFailures ? perAccountFailures.middleware : accountLimit(options);

  const router = Router();
  router.post(
    LOGIN_ROUTE,
    ...(options.observers ?? []),
    ignoredForwardedFor(options.onIgnoredForwardedFor),
    countWrongGuesses(perAccountFailures ? [perAddress, perAccountFailures] : [perAddress]),
    perAddress.middleware,
    perAccount,
  );
  return router;
}

interface FailureLimit {
  readonly middleware: RequestHandler;
  /** Records one wrong guess for the request's key. */
  recordFailure(req: Request): void;
}

/**
 * One express-rate-limit policy over wrong guesses only. The library keys,
 * refuses (429 via our handler) and sets Retry-After and the RateLimit headers;
 * a request is skipped (neither counted nor refused) while its key is under the
 * limit, and wrong guesses are recorded when their 401 is sent. So concurrent
 * logins in flight never count (a gateway logging many users in at once is not
 * an attack), and once a key has `maxAttempts` wrong guesses in the window,
 * every attempt is refused.
 */
function failureLimit(identifier: string, keyOf: (req: Request) => string | null, options: LoginRateLimitOptions): FailureLimit {
  const store = new SlidingWindowStore();
  const middleware = rateLimit({
    identifier,
    store,
    windowMs: options.windowSeconds * 1000,
    limit: options.maxAttempts,
    keyGenerator: (req) => keyOf(req) ?? '',
    skip: (req) => {
      const key = keyOf(req);
      return key === null || (store.get(key)?.totalHits ?? 0) < options.maxAttempts;
    },
    // draft-8 headers are appended per named policy, so both limits show.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyLoginAttemptsError()),
    // Reported once through our logger instead (see ignoredForwardedFor), not as a stack trace on stderr.
    validate: { xForwardedForHeader: false },
  });
  return {
    middleware,
    recordFailure: (req) => {
      const key = keyOf(req);
      if (key !== null) store.increment(key);
    },
  };
}

/**
 * The per-account policy also counts attempts in flight (each is counted on
 * arrival and taken back when it did not end in a wrong guess), so a burst of
 * guesses sent in parallel against one account stops at the limit too. One
 * account is never logged into dozens of times at the same moment by its owner.
 */
function accountLimit(options: LoginRateLimitOptions): RequestHandler {
  return rateLimit({
    identifier: 'login-per-account',
    store: new SlidingWindowStore(),
    windowMs: options.windowSeconds * 1000,
    limit: options.maxAttempts,
    keyGenerator: (req) => accountKey(req) ?? '',
    // An attempt without a username is refused by the login itself; the address limit still counts it.
    skip: (req) => accountKey(req) === null,
    skipSuccessfulRequests: true,
    // A wrong guess (401) stays counted; a refusal (429) was never recorded by the store, so nothing is taken back.
    requestWasSuccessful: (_req, res) => res.statusCode !== 401 && res.statusCode !== 429,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new TooManyLoginAttemptsError()),
    validate: { xForwardedForHeader: false },
  });
}

function countWrongGuesses(limits: readonly FailureLimit[]): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (res.statusCode === 401) for (const limit of limits) limit.recordFailure(req);
    });
    next();
  };
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
  // The store's comparison key (NFKC, case-folded): `ｂｏｂ` and `BOB` spend `bob`'s attempts.
  const username = typeof body?.username === 'string' ? accountNameKey(body.username.trim().slice(0, 256)) : '';
  return username.length > 0 ? `account:${username}` : null;
}

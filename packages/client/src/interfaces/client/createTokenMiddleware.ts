import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { PublicKeyProvider, RefreshResult } from '../../application/PublicKeyProvider';
import type { DomainError } from '../../domain/errors';
import { passListMatcher } from '../http/antPattern';
import { dpopRequestOf } from '../express/dpopRequestOf';
import { setVerifiedToken } from '../express/tokenOf';
import { tokenErrorAnswer } from '../express/tokenErrorAnswer';
import { checkBearer } from '../verifier/checkBearer';
import { createVerifier, type Verifier, type CreateVerifierOptions } from '../verifier/createVerifier';

/** Verifier options, plus how token errors are answered. */
export interface TokenMiddlewareOptions extends CreateVerifierOptions {
  /**
   * Answers a token error in the app's own format (the error has a stable `code`;
   * `isUnavailable(error)` tells "cannot decide now" from "no"). Without it the
   * middleware answers 401 with WWW-Authenticate, or 503 with Retry-After.
   */
  readonly onError?: (error: DomainError, req: Request, res: Response, next: NextFunction) => void;
}

/** A token check for a plain express app (4 or 5), with the verifier behind it. */
export interface TokenMiddleware {
  /**
   * Verifies the token of every request except OPTIONS and pass-list
   * paths (relative to where it is mounted): `Bearer`, or `DPoP` with its proof
   * for a DPoP-bound token (RFC 9449; the proof's `htu` is the URL as express sees it,
   * `trust proxy` included). On success the user is in
   * `res.locals.currentUser` (see `currentUserOf`) and the whole verified token
   * (scopes, audiences, client id) behind `tokenOf(res)`; on failure it answers
   * 401 with WWW-Authenticate, or 503 with Retry-After while it cannot decide
   * (no key yet), unless `onError` answers.
   */
  readonly middleware: RequestHandler;
  readonly provider: PublicKeyProvider;
  readonly verifier: Verifier;
  /** First key fetch plus the refresh schedule; never rejects, even when the auth service is down. */
  start(): Promise<RefreshResult>;
  /** Stops the refresh schedule. */
  stop(): Promise<void>;
}

/**
 * The client library for express apps without inversify: `createVerifier` as one
 * middleware. Mount it at the service's context path, then call `start()`.
 * Loads no framework itself (express's types only).
 *
 * @throws ConfigError naming every bad option.
 */
export function createTokenMiddleware(options: TokenMiddlewareOptions): TokenMiddleware {
  const verifier = createVerifier(options);
  const getCurrentUser = verifier.stack.getCurrentUser;
  const passes = passListMatcher(verifier.options.passList);

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method === 'OPTIONS' || passes(req.path)) {
      next();
      return;
    }
    // Token problems are answered here (or by the app's onError), whatever error handler the app has.
    const fail = (error: unknown) => {
      const answer = tokenErrorAnswer(error, req.headers.authorization);
      if (!answer) next(error);
      else if (options.onError) options.onError(error as DomainError, req, res, next);
      else res.status(answer.status).set(answer.headers).json(answer.body);
    };
    const pass = (token: Parameters<typeof setVerifiedToken>[1]) => {
      setVerifiedToken(res, token);
      next();
    };
    let checked;
    try {
      checked = checkBearer(getCurrentUser, req.headers.authorization, dpopRequestOf(req));
    } catch (error) {
      fail(error);
      return;
    }
    if (checked instanceof Promise) checked.then(pass, fail);
    else pass(checked);
  };

  return { middleware, provider: verifier.provider, verifier, start: () => verifier.start(), stop: () => verifier.stop() };
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Container } from 'inversify';
import type { GetCurrentUser } from '../../application/GetCurrentUser';
import type { PublicKeyProvider, RefreshResult } from '../../application/PublicKeyProvider';
import { DomainError, UnknownKeyIdError } from '../../domain/errors';
import type { Clock } from '../../domain/ports/Clock';
import type { Logger } from '../../domain/ports/Logger';
import type { ClientOptions, ResolvedClientOptions } from '../../infrastructure/config/ClientOptions';
import { clientModule } from '../composition/modules/clientModule';
import { CLIENT_TYPES } from '../composition/types';
import { passListMatcher } from '../http/antPattern';
import { setCurrentUser } from '../express/currentUserOf';
import { tokenErrorAnswer } from '../express/tokenErrorAnswer';

/** Client options, plus the logger and clock to use instead of the defaults (pino at info, the system clock). */
export interface TokenMiddlewareOptions extends ClientOptions {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /**
   * Answers a token error in the app's own format (the error has a stable `code`;
   * `isUnavailable(error)` tells "cannot decide now" from "no"). Without it the
   * middleware answers 401 with WWW-Authenticate, or 503 with Retry-After.
   */
  readonly onError?: (error: DomainError, req: Request, res: Response, next: NextFunction) => void;
}

/** A token check for a plain express app, with the key provider behind it. */
export interface TokenMiddleware {
  /**
   * Verifies the bearer token of every request except OPTIONS and pass-list
   * paths (relative to where it is mounted). On success the user is in
   * `res.locals.currentUser` (see `currentUserOf`); on failure it answers
   * 401 with WWW-Authenticate, or 503 with Retry-After while it cannot decide
   * (no key yet), unless `onError` answers.
   */
  readonly middleware: RequestHandler;
  readonly provider: PublicKeyProvider;
  /** First key fetch plus the refresh schedule; never rejects, even when the auth service is down. */
  start(): Promise<RefreshResult>;
  /** Stops the refresh schedule. */
  stop(): Promise<void>;
}

/**
 * The client library for apps without inversify: the same provider, verifier
 * and answers as `clientModule`, as one express middleware. Mount it at the
 * service's context path, then call `start()`.
 *
 * @throws ConfigError naming every bad option.
 */
export function createTokenMiddleware(options: TokenMiddlewareOptions): TokenMiddleware {
  const container = new Container();
  if (options.logger) container.bind(CLIENT_TYPES.Logger).toConstantValue(options.logger);
  if (options.clock) container.bind(CLIENT_TYPES.Clock).toConstantValue(options.clock);
  container.load(clientModule(options));

  const provider = container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider);
  const getCurrentUser = container.get<GetCurrentUser>(CLIENT_TYPES.GetCurrentUser);
  const passes = passListMatcher(container.get<ResolvedClientOptions>(CLIENT_TYPES.ClientOptions).passList);

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method === 'OPTIONS' || passes(req.path)) {
      next();
      return;
    }
    const input = { authorization: req.headers.authorization };
    // Token problems are answered here (or by the app's onError), whatever error handler the app has.
    const fail = (error: unknown) => {
      const answer = tokenErrorAnswer(error);
      if (!answer) next(error);
      else if (options.onError) options.onError(error as DomainError, req, res, next);
      else res.status(answer.status).set(answer.headers).json(answer.body);
    };
    try {
      setCurrentUser(res, getCurrentUser.execute(input));
    } catch (error) {
      if (error instanceof UnknownKeyIdError) {
        // Possibly a key published since the last refresh: one bounded refetch, then decide.
        getCurrentUser.retryAfterKeyRefresh(input, error).then((user) => {
          setCurrentUser(res, user);
          next();
        }, fail);
      } else {
        fail(error);
      }
      return;
    }
    next();
  };

  return { middleware, provider, start: () => provider.start(), stop: () => provider.stop() };
}

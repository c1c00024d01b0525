import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inject, injectable } from 'inversify';
import type { GetCurrentUser } from '../../application/GetCurrentUser';
import { UnknownKeyIdError } from '../../domain/errors';
import { CLIENT_TYPES } from '../composition/types';
import { passListMatcher } from './antPattern';
import { setCurrentUser } from '../express/currentUserOf';
import { routeAccessOf } from './routeAccess';

/**
 * Verifies the bearer token on every controller route except the pass list,
 * handlers marked with @skipToken() and CORS preflights. Failures go to the
 * error mapper (401 envelope with WWW-Authenticate, or 503 while no key is held).
 * Mounted at the context path, so pass-list patterns are relative to it.
 */
@injectable()
export class TokenInterceptor {
  private readonly passes: (path: string) => boolean;

  constructor(
    @inject(CLIENT_TYPES.GetCurrentUser) private readonly getCurrentUser: GetCurrentUser,
    @inject(CLIENT_TYPES.PassList) passList: readonly string[],
  ) {
    this.passes = passListMatcher(passList);
  }

  readonly handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS' || routeAccessOf(res) !== 'protected' || this.passes(req.path)) {
      next();
      return;
    }
    const input = { authorization: req.headers.authorization };
    try {
      setCurrentUser(res, this.getCurrentUser.execute(input));
      next();
    } catch (error) {
      if (!(error instanceof UnknownKeyIdError)) {
        next(error);
        return;
      }
      // Possibly a key published since the last refresh: one bounded refetch, then decide.
      this.getCurrentUser.retryAfterKeyRefresh(input, error).then((user) => {
        setCurrentUser(res, user);
        next();
      }, next);
    }
  };
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { inject, injectable } from 'inversify';
import type { GetCurrentUser } from '../../application/GetCurrentUser';
import { CLIENT_TYPES } from '../composition/types';
import { dpopRequestOf } from '../express/dpopRequestOf';
import { setVerifiedToken } from '../express/tokenOf';
import { checkBearer } from '../verifier/checkBearer';
import { passListMatcher } from './antPattern';
import { routeAccessOf } from './routeAccess';

/**
 * Verifies the token on every controller route except the pass list (a
 * DPoP-bound one with its proof, RFC 9449),
 * handlers marked with @skipToken() and CORS preflights (the same check as the
 * express middleware and createVerifier). Failures go to the app's error
 * handler as token errors with a stable `code`.
 * Mounted at the context path, so pass-list patterns are relative to it; mount
 * `routeAccessRouter(controllers)` just before it for @skipToken() and 404s.
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
    const access = routeAccessOf(res);
    // Unlabelled (no routeAccessRouter mounted before it) is checked: only a known open or unrouted request passes.
    if (req.method === 'OPTIONS' || access === 'open' || access === 'unrouted' || this.passes(req.path)) {
      next();
      return;
    }
    let checked;
    try {
      checked = checkBearer(this.getCurrentUser, req.headers.authorization, dpopRequestOf(req));
    } catch (error) {
      next(error);
      return;
    }
    if (checked instanceof Promise) {
      checked.then((token) => {
        setVerifiedToken(res, token);
        next();
      }, next);
    } else {
      setVerifiedToken(res, checked);
      next();
    }
  };
}

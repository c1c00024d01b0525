import { Router, type RequestHandler, type Response } from 'express';
import { getControllerMetadata, getControllerMethodMetadata } from 'inversify-express-utils';
import { isTokenSkipped } from './skipToken';

/** `unrouted`: no controller route matches (the app answers 404, so no token is asked for). */
export type RouteAccess = 'protected' | 'open' | 'unrouted';

const ACCESS_KEY = 'routeAccess';
const PATTERN_KEY = 'routePattern';

export function routeAccessOf(res: Response): RouteAccess | undefined {
  return res.locals[ACCESS_KEY] as RouteAccess | undefined;
}

/** The full pattern of the controller route a request matched (`/auth/current/user/details`), if any. */
export function routePatternOf(res: Response): string | undefined {
  return res.locals[PATTERN_KEY] as string | undefined;
}

/**
 * A router that only labels requests: for every controller route it records
 * whether the handler needs a token, using express's own path matching so the
 * label always agrees with the route that will run. Unknown paths are labelled `unrouted`
 * and fall through to the 404 handler.
 */
export function routeAccessRouter(controllers: readonly NewableFunction[]): Router {
  const router = Router();
  for (const controller of controllers) {
    const classMetadata = getControllerMetadata(controller);
    for (const method of getControllerMethodMetadata(controller) ?? []) {
      const path = joinPaths(classMetadata.path, method.path);
      const access: RouteAccess = isTokenSkipped(controller, String(method.key)) ? 'open' : 'protected';
      (router as unknown as Record<string, (path: string, handler: RequestHandler) => void>)[method.method](path, label(access, path));
    }
  }
  // Whatever no controller route matched is labelled too, so an unlabelled request (no router mounted) is checked: fail closed.
  router.use((_req, res, next) => {
    if (res.locals[ACCESS_KEY] === undefined) res.locals[ACCESS_KEY] = 'unrouted';
    next();
  });
  return router;
}

function label(access: RouteAccess, path: string): RequestHandler {
  // Mounted at the context path, so baseUrl is it: the pattern whichever way the response ends.
  // Built once per mount point, not per request.
  let baseUrl: string | undefined;
  // Stryker disable next-line StringLiteral: equivalent, the pattern is set on the first request (baseUrl starts undefined) before it is read
  let pattern = '';
  return (req, res, next) => {
    if (res.locals[ACCESS_KEY] === undefined) {
      // Stryker disable next-line ConditionalExpression: equivalent, this only caches the joined pattern per mount point
      if (req.baseUrl !== baseUrl) {
        baseUrl = req.baseUrl;
        pattern = `${baseUrl}${path}`;
      }
      res.locals[ACCESS_KEY] = access;
      res.locals[PATTERN_KEY] = pattern;
    }
    next();
  };
}

/** The same joining rule inversify-express-utils applies to controller and method paths. */
function joinPaths(...paths: string[]): string {
  return paths
    .map((path) => {
      const withSlash = path.startsWith('/') || path.startsWith('.') ? path : `/${path}`;
      return path.endsWith('/') ? withSlash.slice(0, -1) : withSlash;
    })
    .join('');
}

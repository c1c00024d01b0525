import type { RequestHandler } from 'express';

/** The login route, relative to the context path (LoginController's `/oauth/jwt` + `/token`). */
export const LOGIN_ROUTE = '/oauth/jwt/token';

export interface LoginRouteOptions {
  /** Middleware run on the login route before the controller (login metrics). */
  readonly observers?: readonly RequestHandler[];
  /**
   * Called once, the first time a login carries X-Forwarded-For that `trust
   * proxy` ignores: behind a proxy every client would then share its address
   * and so one per-address login limit.
   */
  readonly onIgnoredForwardedFor?: () => void;
}

/**
 * What runs on a login before the controller (the login hot route's handlers): the observers,
 * then the X-Forwarded-For check. The login limits themselves are the Login use case's (see
 * AttemptLimiter); HTTP only passes the client address in and maps the refusal to 429.
 */
export function loginObservers(options: LoginRouteOptions): readonly RequestHandler[] {
  return [...(options.observers ?? []), ignoredForwardedFor(options.onIgnoredForwardedFor)];
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

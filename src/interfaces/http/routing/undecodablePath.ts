import type { RequestHandler } from 'express';

/**
 * A path that does not decode is answered 400, as express answers a route
 * parameter that does not decode, whichever route it was meant for; only URLs
 * with a `%` pay for the check. Mount first.
 */
export function undecodablePath(): RequestHandler {
  return (req, _res, next) => next(req.url.includes('%') ? undecodablePathError(req.path) : undefined);
}

function undecodablePathError(path: string): URIError | undefined {
  if (!path.includes('%')) return undefined;
  try {
    decodeURIComponent(path);
    return undefined;
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    return Object.assign(error, { message: `Failed to decode param '${path}'`, status: 400, statusCode: 400 });
  }
}

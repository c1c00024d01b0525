import type { RequestHandler } from 'express';

/** Methods whose handlers never read a body they were not sent. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs the JSON body parser only on requests that carry a body (a
 * Content-Length or Transfer-Encoding header, the test body-parser itself
 * applies). A GET of a protected route then costs no parser call at all; other
 * body-less requests still get the `{}` body the parser would have given them.
 */
export function jsonBodyWhenPresent(parser: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
      parser(req, res, next);
      return;
    }
    if (!BODYLESS_METHODS.has(req.method)) req.body ??= {};
    next();
  };
}

import type { RequestHandler } from 'express';

/**
 * A router made on its first request, so its modules (pages, templates, their
 * use cases) load then and not at start-up; a failure to make it goes to the
 * error handler of that request, and the next request tries again.
 */
export function lazyRouter(make: () => RequestHandler): RequestHandler {
  let router: RequestHandler | undefined;
  return (req, res, next) => {
    router ??= make();
    router(req, res, next);
  };
}

import type { RequestHandler, Router } from 'express';

/** A handler that stands for a router made later, and shows that router's routes when asked for them. */
export type LazyRouter = RequestHandler & { readonly stack: Router['stack'] };

/**
 * A router made on its first request, so its modules (pages, templates, their
 * use cases) load then and not at start-up; a failure to make it goes to the
 * error handler of that request, and the next request tries again. A tool that
 * lists an app's routes reads a router's `stack` (the route check against the
 * API document does): reading it makes the router too.
 */
export function lazyRouter(make: () => Router): LazyRouter {
  let router: Router | undefined;
  const made = (): Router => (router ??= make());
  const handler: RequestHandler = (req, res, next) => {
    made()(req, res, next);
  };
  return Object.defineProperty(handler, 'stack', { get: () => made().stack }) as LazyRouter;
}

import { Router } from 'express';

/**
 * Mounted on `<context>/client` (the key, key-list and revocation-feed routes of
 * client services) ahead of everything that can answer there: every answer, 200,
 * 304 and each refusal (400, 401, 403, 404, 429, 503, a body the parser refuses),
 * is `no-store`. These answers are asked for with a client secret and may carry a
 * signing secret (hmac) or one client's view: no cache, shared or private, may keep one.
 */
export function clientRoutesNoStore(): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    next();
  });
  return router;
}

import { Router } from 'express';

/**
 * Sends the context root (`/auth` and `/auth/`) to a page under it; mounted
 * at the context path, every other path falls through untouched.
 */
export function homeRedirect(page: string): Router {
  const router = Router();
  router.get('/', (req, res) => {
    res.redirect(302, `${req.baseUrl}/${page}`);
  });
  return router;
}

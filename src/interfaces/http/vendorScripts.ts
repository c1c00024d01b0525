import { join } from 'node:path';
import { Router } from 'express';

/**
 * Browser libraries the pages load from 'self' (the CSP allows no other
 * script source): @simplewebauthn/browser's UMD build, from node_modules.
 */
export function vendorScripts(root: string): Router {
  const router = Router();
  const simpleWebAuthn = join(root, 'node_modules', '@simplewebauthn', 'browser', 'dist', 'bundle', 'index.umd.min.js');
  router.get('/simplewebauthn-browser.js', (_req, res, next) => {
    res.type('application/javascript').set('Cache-Control', 'public, max-age=3600').sendFile(simpleWebAuthn, (error) => {
      if (error) next(error);
    });
  });
  return router;
}

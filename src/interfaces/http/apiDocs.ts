import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { inlineStylePolicy } from './securityHeaders';

/** Serves the OpenAPI document as JSON (mounted at `<context>/v3/api-docs`). */
export function apiDocsRouter(document: object): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json(document);
  });
  return router;
}

const DIST_DEMO_FILES = new Set(['/index.html', '/swagger-initializer.js']);

/**
 * Swagger UI (mounted at `<context>/swagger-ui`). The page loads its scripts
 * and the document by relative URLs, so it must be addressed with a trailing
 * slash: `/swagger-ui` is redirected to `/swagger-ui/`.
 */
export function swaggerUiRouter(documentUrl: string): Router {
  const router = Router();
  // No validator badge: it would load an image from validator.swagger.io, which the CSP refuses.
  const options = { swaggerUrl: documentUrl, customSiteTitle: 'Auth service API', swaggerOptions: { validatorUrl: null } };
  const page = swaggerUi.setup(undefined, options);
  router.use(inlineStylePolicy());
  router.get('/', (req, res, next) => {
    const [path, query] = splitQuery(req.originalUrl);
    if (!path.endsWith('/')) {
      res.redirect(301, `${path}/${query}`);
      return;
    }
    page(req, res, next);
  });
  // swagger-ui-dist's own demo page and its initializer point at the Petstore example: not ours to serve.
  router.use((req, _res, next) => {
    next(DIST_DEMO_FILES.has(req.path) ? 'router' : undefined);
  });
  // Per-router init script (not the package's shared global), then the bundled assets.
  router.use(swaggerUi.serveFiles(undefined, options));
  return router;
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

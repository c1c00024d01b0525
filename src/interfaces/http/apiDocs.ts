import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { inlineStylePolicy } from './securityHeaders';

/**
 * Serves the OpenAPI document as JSON (mounted at `<context>/v3/api-docs`).
 * Given a function, the document is built on the first request, not at start-up.
 */
export function apiDocsRouter(document: object | (() => object)): Router {
  const router = Router();
  let built: object | undefined = typeof document === 'function' ? undefined : document;
  router.get('/', (_req, res) => {
    built ??= (document as () => object)();
    res.json(built);
  });
  return router;
}

const DIST_DEMO_FILES = new Set(['/index.html', '/swagger-initializer.js']);

interface SwaggerUi {
  readonly page: RequestHandler;
  readonly files: RequestHandler[];
}

/**
 * Swagger UI (mounted at `<context>/swagger-ui`). The page loads its scripts
 * and the document by relative URLs, so it must be addressed with a trailing
 * slash: `/swagger-ui` is redirected to `/swagger-ui/`. swagger-ui-express
 * (and its bundle of assets) is loaded on the first request to the UI: a
 * service nobody browses the docs of never pays for it.
 */
export function swaggerUiRouter(documentUrl: string): Router {
  const router = Router();
  // No validator badge: it would load an image from validator.swagger.io, which the CSP refuses.
  const options = { swaggerUrl: documentUrl, customSiteTitle: 'Auth service API', swaggerOptions: { validatorUrl: null } };
  let ui: Promise<SwaggerUi> | undefined;
  const load = (): Promise<SwaggerUi> =>
    (ui ??= import('swagger-ui-express').then(({ default: swaggerUi }) => ({
      page: swaggerUi.setup(undefined, options),
      // Per-router init script (not the package's shared global), then the bundled assets.
      files: swaggerUi.serveFiles(undefined, options),
    })));
  router.use(inlineStylePolicy());
  router.get('/', (req, res, next) => {
    const [path, query] = splitQuery(req.originalUrl);
    if (!path.endsWith('/')) {
      res.redirect(301, `${path}/${query}`);
      return;
    }
    load().then(({ page }) => page(req, res, next), next);
  });
  // swagger-ui-dist's own demo page and its initializer point at the Petstore example: not ours to serve.
  router.use((req, _res, next) => {
    next(DIST_DEMO_FILES.has(req.path) ? 'router' : undefined);
  });
  router.use((req, res, next) => {
    load().then(({ files }) => runInTurn(files, req, res, next), next);
  });
  return router;
}

/** Runs handlers one after the other as express would for `router.use(...handlers)`. */
function runInTurn(handlers: readonly RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  const step = (index: number) => (error?: unknown) => {
    if (error !== undefined || index >= handlers.length) {
      done(error);
      return;
    }
    handlers[index](req, res, step(index + 1));
  };
  step(0)();
}

function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

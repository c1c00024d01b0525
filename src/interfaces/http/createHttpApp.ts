import { createServer, type Server } from 'node:http';
import express, { Router, type Application, type RequestHandler } from 'express';
import type { Container } from 'inversify';
import type { Logger } from '@auth-service/client';
import { TYPES } from '../composition/types';
import { answerClientError } from './clientErrorEnvelope';
import { errorHandler, notFoundHandler } from './errorMapper';
import { jsonBodyWhenPresent } from './jsonBodyWhenPresent';
import { jsonDateReplacer } from './jsonDates';
import { originFormTarget } from './originFormTarget';
import { requestLogging } from './requestLogging';
import { controllerEndpoints, controllerRouter, type ControllerEndpoint } from './routing/controllerRouter';
import { undecodablePath } from './routing/undecodablePath';
import { routeAccessRouter } from '@auth-service/client/inversify';
import { apiSecurityHeaders, securityHeaders } from './securityHeaders';
import { weakEtag } from './weakEtag';
import type { TokenInterceptor } from '@auth-service/client/inversify';

export interface HttpAppOptions {
  readonly contextPath: string;
  /** The controllers this app serves; others imported into the process are ignored. */
  readonly controllers: readonly NewableFunction[];
  /** Routers mounted under the context path before the token check (static files, actuator). */
  readonly publicRouters: Readonly<Record<string, RequestHandler>>;
  /** Routers mounted at the host root, outside the context path, beside the public ones (RFC 8414 path-inserted metadata). */
  readonly rootRouters?: readonly Router[];
  /** Run first on every request, right after request logging (request metrics). */
  readonly observers?: readonly RequestHandler[];
  /** Mounted under the context path after body parsing and before the token check (login rate limits). */
  readonly beforeControllers?: readonly RequestHandler[];
  /**
   * Routes answered ahead of the general stack, by path under the context path (the token, introspection
   * and login endpoints): a POST to a controller route runs the API security headers, request logging and
   * observers, the given handlers (CORS, body parsing, login observers), the route label and the token
   * check, then the controller, and none of the pages' middleware or the other routers' matching. Other
   * methods on the same path go through the general stack.
   */
  readonly hotRoutes?: Readonly<Record<string, readonly RequestHandler[]>>;
  /** Express `trust proxy`: false (the socket address), a hop count, or trusted proxy addresses/subnets. */
  readonly trustProxy?: false | number | readonly string[];
}

/** Largest JSON body accepted; larger ones get 413. */
export const BODY_LIMIT = '100kb';
/** Room for a long Authorization header, so an oversized token is answered 401 by us, not 431 by Node. */
export const MAX_HEADER_BYTES = 256 * 1024;

/** The JSON body parser of both services, for bodies that are there. */
export function jsonBody(): RequestHandler {
  return jsonBodyWhenPresent(express.json({ limit: BODY_LIMIT, strict: false }));
}

/**
 * Builds the express app of either service: origin-form request target, the
 * hot routes, then security headers, request logging and observers, public
 * routers, body parsing, the before-controllers middleware, then the token
 * interceptor, then the controllers' routes (controllerRouter), then the
 * envelope error mapper and the 404 handler.
 */
export function createHttpApp(container: Container, options: HttpAppOptions): Application {
  const root = `/${options.contextPath}`;
  const logger = container.get<Logger>(TYPES.Logger);
  const interceptor = container.get<TokenInterceptor>(TYPES.TokenInterceptor);
  const endpoints = controllerEndpoints(container, options.controllers);
  const logging = requestLogging(logger);
  const observers = options.observers ?? [];
  const app = express();
  app.disable('x-powered-by');
  app.set('json replacer', jsonDateReplacer);
  app.set('etag', weakEtag);
  const trustProxy = options.trustProxy ?? false;
  app.set('trust proxy', Array.isArray(trustProxy) ? [...trustProxy] : trustProxy);
  app.use(undecodablePath(), originFormTarget());
  if (options.hotRoutes !== undefined) {
    const prelude = [apiSecurityHeaders(), logging, ...observers];
    const hot = hotRouter(endpoints, options.hotRoutes, prelude, interceptor.handler);
    // Only POSTs enter: a router answers OPTIONS for its own paths by itself, before the CORS preflight further on could.
    app.use(root, (req, res, next) => (req.method === 'POST' ? hot(req, res, next) : next()));
  }
  app.use(securityHeaders(), logging, ...observers);
  for (const [path, router] of Object.entries(options.publicRouters)) app.use(`${root}${path}`, router);
  for (const router of options.rootRouters ?? []) app.use(router);
  app.use(jsonBody());
  if (options.beforeControllers?.length) app.use(root, ...options.beforeControllers);
  app.use(root, routeAccessRouter(options.controllers), interceptor.handler, controllerRouter(endpoints));
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return app;
}

/** The hot routes: each a POST controller endpoint, its label and token check, after the prelude and its own handlers. */
function hotRouter(
  endpoints: readonly ControllerEndpoint[],
  routes: Readonly<Record<string, readonly RequestHandler[]>>,
  prelude: readonly RequestHandler[],
  tokenCheck: RequestHandler,
): Router {
  const router = Router();
  for (const [path, handlers] of Object.entries(routes)) {
    const endpoint = endpoints.find((candidate) => candidate.method === 'post' && candidate.path === path);
    if (endpoint === undefined) throw new Error(`no controller answers POST ${path}`);
    router.post(path, ...prelude, ...handlers, routeAccessRouter([endpoint.controller]), tokenCheck, ...endpoint.handlers);
  }
  return router;
}

/**
 * How long an idle keep-alive connection stays open. Above the proxy's idle
 * timeout for its upstream connections (deploy/nginx.conf: keepalive_timeout
 * 60s), so the proxy, not the server, closes idle connections: if the server
 * closed first, the proxy could send its next request into a connection
 * already being torn down and get a reset (a lost POST). Node's default is 5 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** An HTTP server for the app (not listening) that admits long headers, answers unparsable requests with the envelope and keeps idle connections longer than the proxy. */
export function createHttpServer(app: Application): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a slow first header on a reused connection is cut at the wrong moment.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.on('clientError', answerClientError);
  return server;
}

import type { Application, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Container, interfaces as inversifyInterfaces } from 'inversify';
import { BaseHttpController, HttpResponseMessage, TYPE, type InversifyExpressServer, type interfaces } from 'inversify-express-utils';
import { TokenPrincipal } from '@auth-service/client/inversify';
import { sendJson } from './jsonAnswer';

const HTTP_CONTEXT = Symbol('httpContext');

/** The parts of InversifyExpressServer's internals this module replaces or calls (they are private in its types). */
interface ServerInternals {
  readonly _app: Application;
  readonly _container: Container;
  readonly _configFn?: (app: Application) => void;
  readonly _errorConfigFn?: (app: Application) => void;
  registerControllers(): void;
  extractParameters(req: Request, res: Response, next: NextFunction, params: unknown[]): unknown[];
  handleHttpResponseMessage(message: HttpResponseMessage, res: Response): Promise<void>;
  build(): Application;
  handlerFactory(controllerName: string, key: string, params: unknown[]): RequestHandler;
  _getHttpContext(req: Request): interfaces.HttpContext;
}

/**
 * The request's HttpContext, built only as far as it is used: the per-request
 * child container inversify-express-utils always creates is created on first
 * access (a BaseHttpController, a BaseMiddleware, an injected HttpContext), and
 * the principal reads the verified user from the response when asked.
 */
class LazyHttpContext implements interfaces.HttpContext {
  private child: Container | undefined;
  private principal: TokenPrincipal | undefined;

  constructor(
    private readonly root: Container,
    readonly request: Request,
    readonly response: Response,
  ) {}

  get container(): Container {
    this.child ??= this.root.createChild();
    return this.child;
  }

  get user(): TokenPrincipal {
    this.principal ??= new TokenPrincipal(this.response);
    return this.principal;
  }
}

/**
 * Makes an InversifyExpressServer built with TokenPrincipalProvider cheap per
 * request, keeping its routing, parameter decorators and result handling:
 * no child container, Reflect metadata or auth-provider resolution per
 * request, and controllers that hold nothing request-scoped (not a
 * BaseHttpController, no injected HttpContext) resolved once from the root
 * container instead of once per request. Must be applied before `build()`.
 */
export function makeLean(server: InversifyExpressServer): void {
  const internals = server as unknown as ServerInternals;
  const root = internals._container;
  const original = { handlerFactory: internals.handlerFactory.bind(server) };
  // Built on first read (a controller's parameters, a BaseMiddleware, the principal): the routes
  // outside the controllers (static files, actuator) never read it and do not pay for it.
  internals._getHttpContext = (req) => {
    const res = req.res as Response;
    // Kept in res.locals, a dictionary already: a new property on the request itself
    // reallocated its property store (about 1.3 KB per request).
    const holder = res.locals as Record<symbol, interfaces.HttpContext | undefined>;
    holder[HTTP_CONTEXT] ??= new LazyHttpContext(root, req, res);
    return holder[HTTP_CONTEXT];
  };
  internals.build = () => {
    const app = internals._app;
    // The path is read (and parsed) only when the URL has a `%` somewhere.
    app.use((req, _res, next) => next(req.url.includes('%') ? undecodablePathError(req.path) : undefined));
    internals._configFn?.(app);
    internals.registerControllers();
    internals._errorConfigFn?.(app);
    return app;
  };
  internals.handlerFactory = (controllerName, key, params) => {
    let controller: Record<string, (...args: unknown[]) => unknown> | undefined;
    const libraryHandler = original.handlerFactory(controllerName, key, params);
    // Not async: a controller that answers synchronously is answered in the same turn, with no
    // promise or suspended frame per request (about 2 KB of garbage each on a protected GET).
    return (req: Request, res: Response, next: NextFunction) => {
      let value: unknown;
      try {
        const args = internals.extractParameters(req, res, next, params);
        const resolved = controller ?? root.getNamed<Record<string, (...args: unknown[]) => unknown>>(TYPE.Controller, controllerName);
        controller = resolved;
        if (isRequestScoped(resolved)) {
          // The library's own per-request path, for controllers that need it (it passes its errors to next).
          void libraryHandler(req, res, next);
          return;
        }
        value = resolved[key](...args);
        if (!isThenable(value)) {
          answer(internals, res, value)?.catch(next);
          return;
        }
      } catch (error) {
        next(error);
        return;
      }
      Promise.resolve(value).then((settled) => answer(internals, res, settled)).catch(next);
    };
  };
}

/**
 * The library's catch-all route `*` made express decode every path, so a path
 * that does not decode was answered 400; the same error, as express builds it,
 * and only paths with a `%` pay for the check.
 */
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

/**
 * What inversify-express-utils does with a handler's return value: a promise
 * only for a response message or an action result, whose sending is async.
 */
function answer(internals: ServerInternals, res: Response, value: unknown): Promise<void> | undefined {
  if (value instanceof HttpResponseMessage) return internals.handleHttpResponseMessage(value, res);
  if (isActionResult(value)) return value.executeAsync().then((message) => internals.handleHttpResponseMessage(message, res));
  if (value instanceof Function) {
    (value as () => void)();
  } else if (!res.headersSent && value !== undefined) {
    // res.send hands an object (not a Buffer) to res.json, whose answer sendJson gives at less cost.
    if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) sendJson(res, value);
    else res.send(value);
  }
  return undefined;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function isActionResult(value: unknown): value is interfaces.IHttpActionResult {
  return typeof value === 'object' && value !== null && typeof (value as { executeAsync?: unknown }).executeAsync === 'function';
}

const requestScoped = new WeakMap<object, boolean>();

/** True when a controller reads the request's HttpContext: it must be built per request as the library does. */
function isRequestScoped(controller: object): boolean {
  let scoped = requestScoped.get(controller.constructor);
  if (scoped === undefined) {
    scoped = controller instanceof BaseHttpController || injectsHttpContext(controller.constructor);
    requestScoped.set(controller.constructor, scoped);
  }
  return scoped;
}

type Tagged = Record<string | number, inversifyInterfaces.Metadata[] | undefined> | undefined;

function injectsHttpContext(target: object): boolean {
  const tags = [Reflect.getMetadata('inversify:tagged', target) as Tagged, Reflect.getMetadata('inversify:tagged_props', target) as Tagged];
  return tags.some((byParameter) =>
    Object.values(byParameter ?? {}).some((metadata) => (metadata ?? []).some((entry) => entry.value === TYPE.HttpContext)),
  );
}

import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Container } from 'inversify';
import {
  BaseMiddleware,
  getControllerMetadata,
  getControllerMethodMetadata,
  getControllerParameterMetadata,
  HTTP_VERBS_ENUM,
  PARAMETER_TYPE,
  TYPE,
  type interfaces,
} from 'inversify-express-utils';
import { answerWith, isThenable } from './controllerAnswer';
import { httpContextOf, isRequestScoped, principalOf } from './RequestContext';

type Handler = (...args: unknown[]) => unknown;
type ControllerInstance = Record<string, Handler>;

/** One route of a controller: its method, its path under the context path, and the handlers that answer it. */
export interface ControllerEndpoint {
  readonly controller: NewableFunction;
  /** Lower case, as express names its methods (`get`, `post`, …). */
  readonly method: string;
  readonly path: string;
  /** The decorators' middleware, then the handler. */
  readonly handlers: readonly RequestHandler[];
}

/**
 * The routes of the given controllers, read from inversify-express-utils'
 * decorators through its public metadata API, as plain express handlers. Each
 * answers as the library's server would (parameter decorators, response
 * messages, action results, errors to `next`), but a controller that holds
 * nothing request-scoped is made once from the container, with no child
 * container, auth-provider call or Reflect metadata per request, and a
 * synchronous answer goes out in the same turn.
 */
export function controllerEndpoints(container: Container, controllers: readonly NewableFunction[]): ControllerEndpoint[] {
  const endpoints: ControllerEndpoint[] = [];
  for (const controller of controllers) {
    const name = controller.name;
    // As the library binds them, so a controller can still be asked for by TYPE.Controller and its name.
    if (!container.isBoundNamed(TYPE.Controller, name)) container.bind(TYPE.Controller).to(controller as new (...args: never[]) => unknown).whenTargetNamed(name);
    const instanceFor = instanceSource(container, controller);
    const classMetadata = getControllerMetadata(controller);
    const parameters = getControllerParameterMetadata(controller) ?? {};
    // HEAD routes first, as the library orders them, so an explicit HEAD wins over express's GET fallback.
    const methods = [...(getControllerMethodMetadata(controller) ?? [])].sort((a, b) => headFirst(a.method) - headFirst(b.method));
    for (const method of methods) {
      const middleware = [...classMetadata.middleware, ...method.middleware].map((item) => resolvedMiddleware(container, item));
      endpoints.push({
        controller,
        method: method.method,
        path: joinPaths(classMetadata.path, method.path),
        handlers: [...middleware, handlerFor(instanceFor, method.key, parameters[method.key] ?? [])],
      });
    }
  }
  return endpoints;
}

/** The endpoints as one router, to mount at the context path. */
export function controllerRouter(endpoints: readonly ControllerEndpoint[]): Router {
  const router = Router();
  for (const { method, path, handlers } of endpoints) {
    (router as unknown as Record<string, (path: string, ...handlers: RequestHandler[]) => void>)[method](path, ...handlers);
  }
  return router;
}

/** Where a request's controller instance comes from: made once, or per request in the request's child container. */
function instanceSource(container: Container, controller: NewableFunction): (req: Request, res: Response) => ControllerInstance {
  const name = controller.name;
  if (isRequestScoped(controller)) {
    return (req, res) => httpContextOf(container, req, res).container.getNamed<ControllerInstance>(TYPE.Controller, name);
  }
  let instance: ControllerInstance | undefined;
  // Made on its first request, not at start-up: a route never asked for costs nothing.
  return () => (instance ??= container.getNamed<ControllerInstance>(TYPE.Controller, name));
}

/** Not async: a controller that answers synchronously is answered in the same turn, with no promise or suspended frame per request. */
function handlerFor(instanceFor: (req: Request, res: Response) => ControllerInstance, key: string, parameters: interfaces.ParameterMetadata[]): RequestHandler {
  return (req, res, next) => {
    let value: unknown;
    try {
      value = instanceFor(req, res)[key](...argumentsOf(req, res, next, parameters));
      if (!isThenable(value)) {
        answerWith(res, value)?.catch(next);
        return;
      }
    } catch (error) {
      next(error);
      return;
    }
    Promise.resolve(value)
      .then((settled) => answerWith(res, settled))
      .catch(next);
  };
}

/** The handler's arguments as the parameter decorators ask for them, then req, res and next, as the library passes them. */
function argumentsOf(req: Request, res: Response, next: NextFunction, parameters: interfaces.ParameterMetadata[]): unknown[] {
  if (parameters.length === 0) return [req, res, next];
  const args: unknown[] = [];
  for (const { type, index, parameterName, injectRoot } of parameters) {
    args[index] = parameterValue(req, res, next, type, injectRoot, parameterName);
  }
  args.push(req, res, next);
  return args;
}

function parameterValue(req: Request, res: Response, next: NextFunction, type: PARAMETER_TYPE, injectRoot: boolean, name: string | symbol | undefined): unknown {
  switch (type) {
    case PARAMETER_TYPE.REQUEST:
      return req;
    case PARAMETER_TYPE.NEXT:
      return next;
    case PARAMETER_TYPE.BODY:
      return req.body;
    case PARAMETER_TYPE.PRINCIPAL:
      return principalOf(res);
    case PARAMETER_TYPE.PARAMS:
      return part(req.params, injectRoot, name);
    case PARAMETER_TYPE.QUERY:
      return part(req.query, injectRoot, name);
    case PARAMETER_TYPE.HEADERS:
      return part(req.headers, injectRoot, typeof name === 'symbol' ? name.toString() : name?.toLowerCase());
    case PARAMETER_TYPE.COOKIES:
      return part((req as { cookies?: Record<string, unknown> }).cookies, injectRoot, name);
    default:
      return res;
  }
}

function part(source: Record<string, unknown> | undefined, injectRoot: boolean, key: string | symbol | undefined): unknown {
  if (injectRoot) return source;
  return source !== undefined && key ? (source as Record<string | symbol, unknown>)[key] : undefined;
}

/** A decorator's middleware: a bound identifier resolved (a BaseMiddleware per request, with the request's context), a plain handler as is. */
function resolvedMiddleware(container: Container, item: interfaces.Middleware): RequestHandler {
  if (!container.isBound(item)) return item as RequestHandler;
  const instance = container.get<unknown>(item);
  if (!(instance instanceof BaseMiddleware)) return instance as RequestHandler;
  return (req, res, next) => {
    const middleware = container.get<BaseMiddleware>(item);
    middleware.httpContext = httpContextOf(container, req, res);
    middleware.handler(req, res, next);
  };
}

function headFirst(method: string): number {
  return method === HTTP_VERBS_ENUM.head ? -1 : 0;
}

/** The library's joining of a controller's path and a method's. */
function joinPaths(...paths: string[]): string {
  return paths
    .map((path) => {
      const withSlash = path.startsWith('/') || path.startsWith('.') ? path : `/${path}`;
      return path.endsWith('/') ? withSlash.slice(0, -1) : withSlash;
    })
    .join('');
}

import { METHODS } from 'node:http';
import type { Application } from 'express';

/** A route registered with express (`app.get`, `router.post`, …), with its full path. */
export interface RegisteredRoute {
  /** Upper case; `ALL` for `app.all`. */
  readonly method: string;
  readonly path: string;
}

/** A middleware (not a route) and the path prefix it is mounted at ('' for the root). */
export interface MountedMiddleware {
  readonly name: string;
  readonly path: string;
}

export interface ExpressRoutes {
  readonly routes: readonly RegisteredRoute[];
  readonly middleware: readonly MountedMiddleware[];
}

interface Layer {
  readonly name: string;
  readonly regexp: RegExp & { fast_slash?: boolean; fast_star?: boolean };
  readonly route?: { readonly path: string | string[]; readonly methods: Record<string, boolean> };
  readonly handle: { readonly stack?: Layer[] };
}

/**
 * Everything an express 4 app answers: walks `app._router.stack` and every
 * nested router, rebuilding the mount paths from the layers' regular
 * expressions. Throws on a mount it cannot read rather than guessing.
 */
export function expressRoutes(app: Application): ExpressRoutes {
  const router = (app as unknown as { _router?: { stack: Layer[] } })._router;
  if (!router) throw new Error('the app has no router yet (build it first)');
  const routes: RegisteredRoute[] = [];
  const middleware: MountedMiddleware[] = [];
  walk(router.stack, '', routes, middleware);
  return { routes, middleware };
}

function walk(stack: readonly Layer[], prefix: string, routes: RegisteredRoute[], middleware: MountedMiddleware[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string') throw new Error(`route with a non-string path under ${prefix || '/'}`);
        for (const method of methodsOf(layer.route.methods)) routes.push({ method, path: prefix + path });
      }
    } else if (layer.handle.stack) {
      walk(layer.handle.stack, prefix + mountPath(layer), routes, middleware);
    } else {
      middleware.push({ name: layer.name, path: prefix + mountPath(layer) });
    }
  }
}

function methodsOf(methods: Record<string, boolean>): string[] {
  const names = Object.keys(methods).filter((name) => methods[name] && name !== '_all');
  if (methods._all || names.length === METHODS.length) return ['ALL'];
  return names.map((name) => name.toUpperCase());
}

/** The literal path express 4 compiled into `^\/a\/b\/?(?=\/|$)` for `use('/a/b')`. */
function mountPath(layer: Layer): string {
  if (layer.regexp.fast_slash) return '';
  const match = /^\^(.*)\\\/\?\(\?=\\\/\|\$\)$/.exec(layer.regexp.source);
  // express escapes `/` and `.` of the path it compiles; anything else special is no literal path.
  const literal = match?.[1].replace(/\\\//g, '/').replace(/\\\./g, '.');
  if (literal === undefined || /[\\^$*+?()[\]{}|]/.test(literal)) {
    throw new Error(`cannot read the mount path of middleware "${layer.name}" from ${String(layer.regexp)}`);
  }
  return literal;
}

import { expect } from 'chai';
import { getControllerMetadata, getControllerMethodMetadata } from 'inversify-express-utils';
import type { AuthServer } from '../../src/interfaces/composition/authServerAssembly';
import { buildAuthServer } from '../support/buildAuthServer';
import { AUTH_SERVER_CONTROLLERS } from '../../src/interfaces/http/controllers';
import { authTestConfig } from '../support/authTestServer';
import { expressRoutes, type ExpressRoutes } from '../support/expressRoutes';
import request from 'supertest';

const ROUTE_LIST = 'src/interfaces/http/openapi/authRoutes.ts';

/**
 * Registered routes that are deliberately not in the document. Each one says why;
 * anything else the app registers must be documented.
 */
const UNDOCUMENTED_ROUTES: Readonly<Record<string, string>> = {};

/**
 * Middleware that serves a whole folder under a prefix instead of routes; each
 * is documented by one templated operation.
 */
const FILE_MOUNTS: Readonly<Record<string, string>> = {
  '/auth/static': 'GET /auth/static/{path}',
  // @simplewebauthn/browser's builds, served under static/vendor/.
  '/auth/static/vendor': 'GET /auth/static/{path}',
  '/auth/assets': 'GET /auth/assets/{path}',
  // Swagger UI's scripts and styles, loaded by the page documented at GET /swagger-ui/.
  '/auth/swagger-ui': 'GET /auth/swagger-ui/{file}',
};

const DOCUMENT_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

interface Document {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown> & { servers?: Array<{ url: string }> }>;
}

describe('OpenAPI route check: the document and the app list the same routes', () => {
  let auth: AuthServer;
  let registered: ExpressRoutes;
  let documented: Set<string>;

  before(async () => {
    auth = await buildAuthServer(authTestConfig());
    registered = expressRoutes(auth.app);
    const response = await request(auth.app).get('/auth/v3/api-docs').expect(200);
    documented = documentedOperations(response.body as Document);
  });

  after(async () => {
    await auth?.close();
  });

  const appOperations = (): Set<string> => {
    const operations = new Set<string>();
    for (const route of registered.routes) {
      const name = `${route.method} ${normalize(expressToOpenApi(route.path))}`;
      if (!(name in UNDOCUMENTED_ROUTES)) operations.add(name);
    }
    for (const mount of registered.middleware) {
      if (mount.path in FILE_MOUNTS) operations.add(FILE_MOUNTS[mount.path]);
    }
    return operations;
  };

  it('sees the controller routes (inversify-express-utils metadata) among the registered routes', () => {
    const names = new Set(registered.routes.map((route) => `${route.method} ${normalize(route.path)}`));
    const controllerRoutes = AUTH_SERVER_CONTROLLERS.flatMap((controller) =>
      (getControllerMethodMetadata(controller) ?? []).map(
        (method) => `${method.method.toUpperCase()} ${normalize(`/auth${getControllerMetadata(controller).path}${method.path}`)}`,
      ),
    );
    expect(controllerRoutes).to.have.length.greaterThan(2);
    expect(controllerRoutes.filter((name) => !names.has(name))).to.deep.equal([]);
  });

  it('documents every route the app registers', () => {
    const missing = [...appOperations()].filter((name) => !documented.has(name)).sort();
    expect(missing, `registered but missing from the OpenAPI document (add them to ${ROUTE_LIST}): ${missing.join(', ')}`).to.deep.equal([]);
  });

  it('registers every route the document lists', () => {
    const app = appOperations();
    const extra = [...documented].filter((name) => !app.has(name)).sort();
    expect(extra, `documented but not served by the app: ${extra.join(', ')}`).to.deep.equal([]);
  });

  it('has no middleware mounted where no documented route or file mount explains it', () => {
    const routePaths = registered.routes.map((route) => normalize(route.path));
    const unexplained = registered.middleware
      .filter((mount) => mount.path !== '' && !(mount.path in FILE_MOUNTS))
      .filter((mount) => !routePaths.some((path) => path === mount.path || path.startsWith(`${mount.path}/`)))
      .map((mount) => `${mount.name} at ${mount.path}`);
    expect(unexplained, `middleware that may answer undocumented paths: ${unexplained.join(', ')}`).to.deep.equal([]);
  });

  it('lists each documented exception only while the app still has it', () => {
    const routeNames = new Set(registered.routes.map((route) => `${route.method} ${route.path}`));
    const mounts = new Set(registered.middleware.map((mount) => mount.path));
    expect(Object.keys(UNDOCUMENTED_ROUTES).filter((name) => !routeNames.has(name))).to.deep.equal([]);
    expect(Object.keys(FILE_MOUNTS).filter((path) => !mounts.has(path))).to.deep.equal([]);
  });
});

/** `METHOD /full/path` for every operation, with the server URL (document- or path-level) in front. */
function documentedOperations(document: Document): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const base = (item.servers ?? document.servers)[0].url;
    for (const method of Object.keys(item).filter((key) => DOCUMENT_METHODS.has(key))) {
      operations.add(`${method.toUpperCase()} ${normalize(`${base}${path}`)}`);
    }
  }
  return operations;
}

/** `/a/:id` → `/a/{id}`. */
function expressToOpenApi(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** One spelling per path: no doubled or trailing slash (express routes match both). */
function normalize(path: string): string {
  const single = path.replace(/\/{2,}/g, '/');
  return single.length > 1 && single.endsWith('/') ? single.slice(0, -1) : single;
}

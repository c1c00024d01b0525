import { AUTH_ROUTES } from './authRoutes';
import type { OperationObject, RouteDocument } from './openApiTypes';
import { OAUTH_SECURITY_SCHEMES } from './oauthRoutes';
import { adminSecuritySchemes } from './adminRoutes';
import { ERROR_RESPONSES } from './responses';
import { SCHEMAS } from './schemas';

export interface AuthOpenApiOptions {
  /** The context path without slashes, e.g. `auth`; the server URL and every path hang off it. */
  readonly contextPath: string;
  readonly version: string;
  /** Defaults to every route of the auth service. */
  readonly routes?: readonly RouteDocument[];
}

export type OpenApiDocument = ReturnType<typeof authOpenApi>;

export const BEARER_SCHEME = 'bearerAuth';

/** In the path of a route outside the context path: replaced by the context path itself. */
export const CONTEXT_PATH_PLACEHOLDER = '<contextPath>';

/** The auth service's OpenAPI 3.1 document, built from its route list. */
export function authOpenApi(options: AuthOpenApiOptions) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Auth service',
      version: options.version,
      description:
        'Issues JWT access tokens at login, hands client services the key to verify them, and answers who the current user is. ' +
        'Every API response uses the envelope `{ success, status, msg, data }` (fields in this order, nulls present); ' +
        'the management endpoints answer Spring-Boot-style JSON without it.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `/${options.contextPath}`, description: 'this service, under its context path' }],
    tags: [
      { name: 'Login', description: 'Token issuing' },
      { name: 'OAuth 2.0', description: 'Standard token, userinfo and metadata endpoints (RFC 6749, RFC 6750, RFC 8414), not enveloped' },
      { name: 'Keys', description: 'Verification key distribution for client services' },
      { name: 'Users', description: 'The current user' },
      { name: 'Management', description: 'Health and information' },
      { name: 'Pages', description: 'The sign-in page and static files' },
      { name: 'Documentation', description: 'This document and its Swagger UI' },
      { name: 'Admin', description: 'The admin API (docs/admin-api.md): users, clients, keys, sessions, consents and the audit trail; RFC 9457 problems, strong ETags, cursor pages' },
    ],
    security: [{ [BEARER_SCHEME]: [] }],
    paths: pathsOf(options.routes ?? AUTH_ROUTES, options.contextPath),
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `access_token` of a login response, as `Authorization: Bearer <token>`.',
        },
        ...OAUTH_SECURITY_SCHEMES,
        ...adminSecuritySchemes(options.contextPath),
      },
      schemas: SCHEMAS,
      responses: ERROR_RESPONSES,
    },
  };
}

interface PathItem {
  servers?: ReadonlyArray<{ url: string; description: string }>;
  [method: string]: unknown;
}

function pathsOf(routes: readonly RouteDocument[], contextPath: string): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const route of routes) {
    // A route at the server root may name the context path (RFC 8414's path-inserted metadata): the literal path.
    const path = route.outsideContextPath ? route.path.replace(CONTEXT_PATH_PLACEHOLDER, contextPath) : route.path;
    const item = (paths[path] ??= route.outsideContextPath ? { servers: [{ url: '/', description: 'the server root' }] } : {});
    if ((item.servers !== undefined) !== (route.outsideContextPath === true)) {
      throw new Error(`the OpenAPI route list has ${route.path} both inside and outside the context path`);
    }
    if (item[route.method] !== undefined) throw new Error(`the OpenAPI route list has ${route.method.toUpperCase()} ${path} twice`);
    item[route.method] = route.operation satisfies OperationObject;
  }
  return paths;
}

import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { Counter, Gauge, Histogram, Registry } from './promClientCore';
import { routePatternOf } from '@auth-service/client/inversify';

/**
 * Prometheus metrics for either service. Each app gets its own Registry (never
 * prom-client's global one), so two services built in one process, as in the
 * tests, keep separate counts.
 */
export function createMetricsRegistry(): Registry {
  return new Registry();
}

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics describe the process, not an app, and start
 * event-loop and GC observers that cannot be stopped; so they are collected
 * once per process, on first use, and served beside every app's own metrics.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // The index (with the default metrics' dependencies) is loaded here, on the first scrape.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { collectDefaultMetrics } = require('prom-client') as typeof import('prom-client');
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The scrape endpoint, mounted at `<context>/actuator/prometheus`: process metrics and the app's. */
export function prometheusRouter(registry: Registry): Router {
  const router = Router();
  router.get('/', async (_req, res, next) => {
    try {
      const text = await Registry.merge([processMetrics(), registry]).metrics();
      // res.end, not res.send: send would re-sort the content type's parameters.
      res.setHeader('Content-Type', registry.contentType);
      res.end(text);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

/** Label for responses no route handled (404s, body errors before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Request duration by method, route and status. The route is the matched
 * pattern (`/auth/current/user/details`, `/auth/static/**`), never the raw URL,
 * so label values stay few whatever clients request.
 */
export function httpRequestMetrics(registry: Registry): RequestHandler {
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests, by method, matched route and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // One labelled series per method, route and status, looked up by one string: prom-client's
  // label validation and hashing run once per series, not once per request.
  const series = new Map<string, (seconds: number) => void>();
  const seriesFor = (method: string, route: string, status: number): ((seconds: number) => void) => {
    const key = `${method} ${status} ${route}`;
    let observe = series.get(key);
    if (!observe) {
      observe = duration.labels({ method, route, status: String(status) }).observe;
      series.set(key, observe);
    }
    return observe;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => seriesFor(req.method, routeLabel(req, res), res.statusCode)(Number(process.hrtime.bigint() - started) / 1e9));
    next();
  };
}

/**
 * The matched pattern, read when the response is done: a controller route's
 * pattern as the route labeller recorded it (even when the answer came from the
 * token check or the error mapper), else an express route of a public router,
 * else the mount path of static files, else `unmatched`. Nothing is hooked on
 * the request object, which would slow every request down.
 */
function routeLabel(req: Request, res: Response): string {
  const controllerRoute = routePatternOf(res);
  if (controllerRoute !== undefined) return controllerRoute;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return path === '/' && req.baseUrl ? req.baseUrl : `${req.baseUrl}${path}`;
  // Static files: no route, but the response was sent inside the mounted router.
  if (res.statusCode !== 404 && req.baseUrl) return `${req.baseUrl}/**`;
  return UNMATCHED_ROUTE;
}

export type LoginOutcome = 'success' | 'invalid_credentials' | 'invalid_input' | 'rate_limited' | 'error';

export interface SigningKeyInfo {
  readonly kid: string;
  readonly alg: string;
  readonly createdAt: Date;
}

export interface AuthServiceMetricsOptions {
  /** The key tokens are signed with now, or null before one is loaded. */
  readonly signingKey: () => SigningKeyInfo | null;
  readonly now: () => Date;
}

export interface AuthServiceMetrics {
  /** Counts one login attempt by outcome when its response finishes; mount on the login route. */
  readonly loginOutcomes: RequestHandler;
  /** Counts one failed token verification by the domain error code. */
  verificationFailed(reason: string): void;
}

/** The auth service's own metrics: logins, failed verifications, signing-key age. */
export function authServiceMetrics(registry: Registry, options: AuthServiceMetricsOptions): AuthServiceMetrics {
  const logins = new Counter({
    name: 'auth_logins_total',
    help: 'Login attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const failures = verificationFailures(registry);
  new Gauge({
    name: 'auth_signing_key_age_seconds',
    help: 'Age of the key tokens are signed with',
    labelNames: ['kid', 'alg'],
    registers: [registry],
    collect() {
      this.reset();
      const key = options.signingKey();
      if (key) this.set({ kid: key.kid, alg: key.alg }, ageSeconds(key.createdAt, options.now()));
    },
  });
  return {
    loginOutcomes: (_req, res, next) => {
      res.once('finish', () => logins.inc({ outcome: loginOutcome(res.statusCode) }));
      next();
    },
    verificationFailed: (reason) => failures.inc({ reason }),
  };
}

/** The error mapper decides statuses, so the status tells the outcome. */
function loginOutcome(status: number): LoginOutcome {
  if (status === 200) return 'success';
  if (status === 401) return 'invalid_credentials';
  if (status === 400) return 'invalid_input';
  if (status === 429) return 'rate_limited';
  return 'error';
}

export type KeyFetchResult = 'success' | 'rejected' | 'error';

export interface ClientServiceMetricsOptions {
  /** When the key held now was fetched, or null while none is held. */
  readonly keyFetchedAt: () => Date | null;
  readonly now: () => Date;
}

export interface ClientServiceMetrics {
  /** Call after every key fetch: success, rejected (envelope success false) or error (network, timeout, bad body). */
  keyFetched(result: KeyFetchResult): void;
  verificationFailed(reason: string): void;
}

/** A client service's metrics: key fetches by result, age of the held key, failed verifications. */
export function clientServiceMetrics(registry: Registry, options: ClientServiceMetricsOptions): ClientServiceMetrics {
  const fetches = new Counter({
    name: 'auth_client_key_fetches_total',
    help: 'Verification key fetches from the auth service, by result',
    labelNames: ['result'],
    registers: [registry],
  });
  const failures = verificationFailures(registry);
  new Gauge({
    name: 'auth_client_key_age_seconds',
    help: 'Seconds since the held verification key was fetched',
    registers: [registry],
    collect() {
      const fetchedAt = options.keyFetchedAt();
      // NaN, not 0, while no key is held: "no key" must not read as "a fresh key".
      this.set(fetchedAt ? ageSeconds(fetchedAt, options.now()) : Number.NaN);
    },
  });
  return {
    keyFetched: (result) => fetches.inc({ result }),
    verificationFailed: (reason) => failures.inc({ reason }),
  };
}

function ageSeconds(since: Date, now: Date): number {
  return Math.max(0, (now.getTime() - since.getTime()) / 1000);
}

/** Rejected bearer tokens by reason: the same series on the auth service and on client services. */
function verificationFailures(registry: Registry): Counter<'reason'> {
  return new Counter({
    name: 'auth_token_verification_failures_total',
    help: 'Rejected bearer tokens by reason (domain error code)',
    labelNames: ['reason'],
    registers: [registry],
  });
}

import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The Content Security Policy of both services: only our own scripts, styles,
 * images and fetches; no plugins, no inline event handlers, no framing
 * (`frame-ancestors 'none'`). `upgrade-insecure-requests` is left out: the
 * services are reached over plain HTTP on loopback and behind TLS-terminating
 * load balancers, where upgrading would break the page.
 */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Security headers on every answer (helmet): the CSP above, `X-Frame-Options:
 * DENY`, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`,
 * and helmet's other defaults (HSTS, COOP, CORP, …), replayed as helmet set them.
 */
export function securityHeaders(): RequestHandler {
  return replaying(recorded(ourHelmet()));
}

/** The headers of securityHeaders() a JSON API answer needs (OWASP REST Security): the rest only concern pages. */
const API_HEADERS = new Set(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'x-powered-by']);

/**
 * The same policy cut to what a JSON answer of an API needs, for the token,
 * introspection and login routes: the CSP (`frame-ancestors 'none'` for any
 * browser that renders the answer), HSTS, `nosniff` and `X-Frame-Options`,
 * replayed as helmet sets them (and X-Powered-By removed). The other headers (COOP, CORP,
 * Origin-Agent-Cluster, Referrer-Policy, DNS prefetch, download and
 * cross-domain options, the legacy XSS filter) concern pages, and cost each
 * answer ~400 bytes and nine setHeader calls.
 */
export function apiSecurityHeaders(): RequestHandler {
  return replaying(recorded(ourHelmet()).filter(([name]) => API_HEADERS.has(name.toLowerCase())));
}

function ourHelmet(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

type HeaderOperation = readonly [name: string, value: string | number | readonly string[] | undefined];

/**
 * What a header-only middleware does to a response, recorded once at start-up and
 * replayed on every request in the same order: helmet rebuilds the CSP string from
 * its directives and walks twelve middleware functions per request (~6 µs of the
 * ~120 µs the cheapest route costs); none of ours depends on the request (no nonces).
 * test/unit/interfaces/http/securityHeaders.test.ts compares the result with helmet's.
 */
function recorded(middleware: RequestHandler): HeaderOperation[] {
  const operations: HeaderOperation[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => operations.push([name, value]),
    removeHeader: (name: string) => operations.push([name, undefined]),
  };
  let finished = false;
  middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error !== undefined) throw error;
    finished = true;
  });
  if (!finished) throw new Error('a replayed header middleware must finish synchronously');
  return operations;
}

function replaying(operations: readonly HeaderOperation[]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of operations) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
}

/**
 * The same policy, but with inline `<style>` blocks allowed: Swagger UI's page
 * carries its CSS inline. Scripts stay `'self'` only.
 */
export function inlineStylePolicy(): RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: { ...DIRECTIVES, styleSrc: ["'self'", "'unsafe-inline'"] },
  });
}
